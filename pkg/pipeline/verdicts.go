package pipeline

// This file implements remembering the API server's verdicts: a CRD whose
// YAML the server's validation (and the judgement of its CEL rules)
// accepted with nothing to say is accepted again, byte for byte, without
// running it. An edit that changes one kind re-validates that kind's CRD,
// not all of them.

import (
	"crypto/sha256"
	"encoding/hex"
)

// Verdicts remembers which CRDs were accepted with no finding. A key names
// the exact YAML of a CRD and every setting its judgement depends on; the
// store adds what identifies the code that judged (crdgen's build, which
// links the API server's validation), and must answer true only for a key
// it was given by Accept under that build. Accepted and Accept are called
// from every core.
type Verdicts interface {
	Accepted(key string) bool
	Accept(key string)
}

// verdictKey names a CRD's judgement: its YAML as written (what the API
// server receives), by the YAML's SHA-256, and the Kubernetes version its
// CEL rules are judged for. The YAML is hashed once, for the spool, the
// verdict and the remembered build: hashing it for each was 3% of a
// 700-CRD run's CPU.
func verdictKey(yamlSum [sha256.Size]byte, kubeVersion string) string {
	h := sha256.Sum256([]byte("crdgen verdict 2\x00" + kubeVersion + "\x00" + string(yamlSum[:])))
	return hex.EncodeToString(h[:])
}

// remembered says whether a CRD's judgement may come from the store: only
// a CRD that is written (not one judged in a run with errors), when the
// judgement makes no report (a cost report analyzes every rule).
func (b *crdBuilder) remembered(bestEffort bool) bool {
	return b.verdicts != nil && !bestEffort && !b.analyzeAll
}
