// Device simulators that speak the platform's MQTT ingest protocol arrive with the devices and
// telemetry work; this package exists now so the workspace layout is settled.
export {};
