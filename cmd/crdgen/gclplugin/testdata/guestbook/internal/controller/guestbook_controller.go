// Package controller reconciles guestbooks.
package controller

import (
	webappv1 "example.com/guestbook/api/v1"
)

// +kubebuilder:rbac:groups=webapp.example.com,resources=guestbooks,verbs=get;list;watch;create;update;patch;delete

// GuestbookReconciler reconciles a Guestbook object.
type GuestbookReconciler struct{}

// Kind is the kind the reconciler reconciles.
func (r *GuestbookReconciler) Kind() string {
	return webappv1.GroupVersion.WithKind("Guestbook").Kind
}
