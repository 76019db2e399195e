package feed

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cueref/cueref/shot"
)

// writeCert writes a certificate (and its key) signed by parent (self-signed when
// parent is nil) and returns it with its key.
func writeCert(t *testing.T, dir, name string, tmpl *x509.Certificate, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	os.WriteFile(filepath.Join(dir, name+".pem"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(filepath.Join(dir, name+".key"), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	return cert, key
}

// TestTLSAndPassword connects to mosquitto over TLS with a client certificate and
// a password, and checks that a wrong password or a missing certificate keeps the
// feed out (and that its rulings wait in the queue).
func TestTLSAndPassword(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	ca, caKey := writeCert(t, dir, "ca", &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}, nil, nil)
	writeCert(t, dir, "server", &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}, ca, caKey)
	writeCert(t, dir, "client", &x509.Certificate{SerialNumber: big.NewInt(3), Subject: pkix.Name{CommonName: "cueref"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, KeyUsage: x509.KeyUsageDigitalSignature}, ca, caKey)
	pw := filepath.Join(dir, "passwords")
	if out, err := exec.Command("mosquitto_passwd", "-b", "-c", pw, "referee", "s3cret").CombinedOutput(); err != nil {
		t.Fatalf("mosquitto_passwd (part of the mosquitto package): %v: %s", err, out)
	}
	m := startMosquitto(t,
		"cafile "+filepath.Join(dir, "ca.pem"),
		"certfile "+filepath.Join(dir, "server.pem"),
		"keyfile "+filepath.Join(dir, "server.key"),
		"require_certificate true",
		"password_file "+pw,
		"allow_anonymous false")
	broker := fmt.Sprintf("ssl://127.0.0.1:%d", m.port)

	tests := []struct {
		name, user, pass string
		cert             bool
		ok               bool
	}{
		{"certificate and password", "referee", "s3cret", true, true},
		{"wrong password", "referee", "guess", true, false},
		{"no client certificate", "referee", "s3cret", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{Broker: broker, CAFile: filepath.Join(dir, "ca.pem"), Username: tt.user, Password: tt.pass,
				ClientID: "tls-" + tt.user}
			if tt.cert {
				cfg.CertFile, cfg.KeyFile = filepath.Join(dir, "client.pem"), filepath.Join(dir, "client.key")
			}
			f := newTestFeed(t, cfg, nil)
			if err := f.Ruling(&shot.Ruling{Seq: 1, Kind: "shot"}); err != nil {
				t.Fatal(err)
			}
			err := f.Flush(ctxTimeout(t, 3*time.Second))
			if got := err == nil; got != tt.ok {
				t.Errorf("ruling acknowledged: got %v (%v), want %v", got, err, tt.ok)
			}
			if s := f.Stats(); s.Connected != tt.ok || (!tt.ok && s.QueueDepth != 1) {
				t.Errorf("stats: got connected %v, depth %d, want connected %v", s.Connected, s.QueueDepth, tt.ok)
			}
		})
	}
}
