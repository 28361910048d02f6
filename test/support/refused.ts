/**
 * An address on this machine where a connection is refused, for a model server, platform or mail server that is not
 * running: port 1 of 127.0.0.1.
 *
 * A port read from a server started on port 0 and then stopped is free again at once: the next server started on
 * port 0 anywhere on the host (another test file of the same run, a child the test itself starts) may be given it, and
 * then answers there. On a loaded CI host that happened while a test expected a refusal. Port 1 lies below the range
 * the system takes ports from for port 0 and for outgoing connections (32768–60999 on Linux), and no test listens on
 * it, so nothing else can come to answer there while a test runs.
 */
export const REFUSED_PORT = 1

/** `http://127.0.0.1:1`: nothing answers, the connection is refused (ECONNREFUSED). */
export const REFUSED_ORIGIN = `http://127.0.0.1:${REFUSED_PORT}`
