package shared

// Endpoint is where to connect.
type Endpoint struct {
	// Host is a host name.
	Host string `json:"host"`
	// Port is a port.
	Port int32 `json:"port"`
}
