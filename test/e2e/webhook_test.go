package e2e

// This file implements the conversion webhook of the tests: an HTTPS server
// on 127.0.0.1 with a certificate from a CA made for the test run, serving
// the conversions crdgen generated for the conversion testdata through
// controller-runtime's webhook handler, as an operator's manager would.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

	pizzav1alpha1 "github.com/crdgen/crdgen/testdata/conversion_pizza_toppings/v1alpha1"
	pizzav1beta1 "github.com/crdgen/crdgen/testdata/conversion_pizza_toppings/v1beta1"
	fleetv1 "github.com/crdgen/crdgen/testdata/conversion_three_versions/v1"
	fleetv1alpha1 "github.com/crdgen/crdgen/testdata/conversion_three_versions/v1alpha1"
	fleetv1beta1 "github.com/crdgen/crdgen/testdata/conversion_three_versions/v1beta1"
)

// conversionWebhook is the running webhook.
type conversionWebhook struct {
	server *httptest.Server
	caPEM  []byte
}

// startConversionWebhook starts the webhook. Pizza converts through the
// Hub/Convertible methods crdgen generated (the methods style); Cluster
// through the typed functions (the functions style) registered with
// controller-runtime's hub-and-spoke converter.
func startConversionWebhook() (*conversionWebhook, error) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		pizzav1alpha1.AddToScheme, pizzav1beta1.AddToScheme,
		fleetv1alpha1.AddToScheme, fleetv1beta1.AddToScheme, fleetv1.AddToScheme,
	} {
		if err := add(scheme); err != nil {
			return nil, err
		}
	}
	converter, err := conversion.NewHubSpokeConverter(&fleetv1.Cluster{},
		conversion.NewSpokeConverter(&fleetv1alpha1.Cluster{}, fleetv1alpha1.ConvertClusterFromHub, fleetv1alpha1.ConvertClusterToHub),
		conversion.NewSpokeConverter(&fleetv1beta1.Cluster{}, fleetv1beta1.ConvertClusterFromHub, fleetv1beta1.ConvertClusterToHub),
	)(scheme)
	if err != nil {
		return nil, err
	}
	registry := conversion.NewRegistry()
	if err := registry.RegisterConverter(schema.GroupKind{Group: fleetv1.GroupVersion.Group, Kind: "Cluster"}, converter); err != nil {
		return nil, err
	}
	handler := conversion.NewWebhookHandler(scheme, registry)
	mux := http.NewServeMux()
	// The paths the +crdgen:conversion:webhook markers give.
	mux.Handle("/convert", handler)
	mux.Handle("/convert/fleet", handler)

	caPEM, cert, err := testCertificates()
	if err != nil {
		return nil, err
	}
	server := httptest.NewUnstartedServer(mux)
	server.TLS = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	server.StartTLS()
	return &conversionWebhook{server: server, caPEM: caPEM}, nil
}

// Close stops the webhook.
func (w *conversionWebhook) Close() { w.server.Close() }

// patch points a CRD that converts through a webhook at this one, keeping
// the path crdgen wrote; CRDs with strategy None are left alone.
func (w *conversionWebhook) patch(crd *apiextv1.CustomResourceDefinition) error {
	c := crd.Spec.Conversion
	if c == nil || c.Strategy != apiextv1.WebhookConverter {
		return nil
	}
	url := w.server.URL + *c.Webhook.ClientConfig.Service.Path
	c.Webhook.ClientConfig = &apiextv1.WebhookClientConfig{URL: &url, CABundle: w.caPEM}
	return nil
}

// testCertificates makes a CA and a server certificate for 127.0.0.1
// signed by it, and returns the CA in PEM (the CRD's caBundle).
func testCertificates() ([]byte, tls.Certificate, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, tls.Certificate{}, err
	}
	now := time.Now()
	ca := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "crdgen e2e CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		IsCA:                  true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, tls.Certificate{}, err
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, tls.Certificate{}, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, tls.Certificate{}, err
	}
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, caCert, &key.PublicKey, caKey)
	if err != nil {
		return nil, tls.Certificate{}, err
	}
	cert := tls.Certificate{Certificate: [][]byte{leafDER}, PrivateKey: key}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), cert, nil
}
