package controller

// WidgetReconciler reconciles widgets.
// +kubebuilder:rbac:groups=example.com,resources=lost,verbs=get
type WidgetReconciler struct{}

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch

// Reconcile reconciles a widget.
func (r *WidgetReconciler) Reconcile() {
	// +kubebuilder:rbac:groups=inside,resources=functions,verbs=get
}

// +kubebuilder:rbac:groups=example.com,resources=widgets/finalizers,verbs=update
