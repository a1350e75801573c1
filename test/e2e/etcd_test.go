package e2e

// This file implements the embedded etcd the API server stores its objects in.

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
)

// etcdServer is an embedded etcd on loopback, with its data in a temporary
// directory.
type etcdServer struct {
	etcd *embed.Etcd
	dir  string
	// ClientURL is where clients reach it.
	ClientURL string
}

// startEtcd starts a single-member etcd on free loopback ports. It does not
// fsync (the data is thrown away) and logs nothing.
func startEtcd() (*etcdServer, error) {
	dir, err := os.MkdirTemp("", "crdgen-e2e-etcd")
	if err != nil {
		return nil, err
	}
	ports, err := freePorts(2)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	clientURL := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))}
	peerURL := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[1]))}

	cfg := embed.NewConfig()
	cfg.Dir = dir
	cfg.UnsafeNoFsync = true
	cfg.ListenClientUrls = []url.URL{clientURL}
	cfg.AdvertiseClientUrls = []url.URL{clientURL}
	cfg.ListenPeerUrls = []url.URL{peerURL}
	cfg.AdvertisePeerUrls = []url.URL{peerURL}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting etcd: %w", err)
	}
	s := &etcdServer{etcd: e, dir: dir, ClientURL: clientURL.String()}
	select {
	case <-e.Server.ReadyNotify():
		return s, nil
	case err := <-e.Err():
		s.Stop()
		return nil, fmt.Errorf("starting etcd: %w", err)
	case <-time.After(30 * time.Second):
		s.Stop()
		return nil, fmt.Errorf("etcd not ready after 30s")
	}
}

// Stop stops etcd and removes its data.
func (s *etcdServer) Stop() {
	s.etcd.Close()
	os.RemoveAll(s.dir)
}

// freePorts returns n TCP ports that were free on loopback a moment ago.
// Another process could take one before etcd binds it; on a test machine
// that is unlikely enough.
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
