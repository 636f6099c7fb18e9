package pdbtest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"time"
)

// authority is a certificate authority made for the tests, as Puppet's
// CA signs its nodes' and PuppetDB's certificates.
type authority struct {
	cert *x509.Certificate
	key  *rsa.PrivateKey
	der  []byte
}

func newAuthority(name string) (*authority, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: name},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(10 * 365 * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	return &authority{cert: cert, key: key, der: der}, err
}

// issue signs a certificate for cn (a server's with the loopback names
// when server is set, else a client's) and writes it and its key, PEM,
// to dir/cn.pem and dir/cn.key.
func (a *authority) issue(dir, cn string, serial int64, server bool) (certFile, keyFile string, err error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return "", "", err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(serial),
		Subject:      pkix.Name{CommonName: cn},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(10 * 365 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
	}
	if server { // its name only: https://127.0.0.1 fails the name check
		tmpl.DNSNames = []string{cn}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, a.cert, &key.PublicKey, a.key)
	if err != nil {
		return "", "", err
	}
	certFile, keyFile = filepath.Join(dir, cn+".pem"), filepath.Join(dir, cn+".key")
	if err := writePEM(certFile, "CERTIFICATE", der, 0o644); err != nil {
		return "", "", err
	}
	return certFile, keyFile, writePEM(keyFile, "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(key), 0o600)
}

// write writes the authority's certificate to dir/name.
func (a *authority) write(dir, name string) (string, error) {
	path := filepath.Join(dir, name)
	return path, writePEM(path, "CERTIFICATE", a.der, 0o644)
}

func writePEM(path, kind string, der []byte, mode os.FileMode) error {
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), mode)
}
