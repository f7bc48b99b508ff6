-- Prosody 0.12 (Debian bookworm) for `npm run bench:chat`: loopback only, WebSocket at
-- /xmpp-websocket, archive (MAM) on for every message, plain passwords (internal_plain), no
-- rate limits, in-band registration from loopback so the load generator can create its users.
-- @PORT@ and @DIR@ are filled in by bench/chat/peers.ts. Prosody refuses to run as root: the
-- bench starts it as the prosody user.
pidfile = "@DIR@/prosody.pid"
data_path = "@DIR@/data"
log = { warn = "@DIR@/prosody.log" }
network_backend = "epoll"
interfaces = { "127.0.0.1" }
c2s_ports = {}
s2s_ports = {}
c2s_direct_tls_ports = {}
http_ports = { @PORT@ }
http_interfaces = { "127.0.0.1" }
https_ports = {}
modules_enabled = {
  "roster"; "saslauth"; "disco"; "carbons"; "mam"; "ping"; "register"; "websocket"; "http";
}
modules_disabled = { "s2s"; "tls"; }
authentication = "internal_plain"
storage = "internal"
archive_expires_after = "never"
default_archive_policy = true
allow_registration = true
min_seconds_between_registrations = 0
registration_whitelist = { "127.0.0.1", "::1" }
c2s_require_encryption = false
allow_unencrypted_plain_auth = true
consider_websocket_secure = true
cross_domain_websocket = true
limits = {
  c2s = { rate = "1000mb/s"; };
}
VirtualHost "localhost"
