package io.hdfslocalcache.ops.status;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A web UI's base URL from what an operator types: {@code host:port}, or a URL whose port may be
 * left out (then the role's default port for its scheme).
 */
enum HttpAddress {
  DATANODE("--datanode", 9864, 9865),
  NAMENODE("--namenode", 9870, 9871);

  private final String flag;
  private final int httpPort;
  private final int httpsPort;

  HttpAddress(String flag, int httpPort, int httpsPort) {
    this.flag = flag;
    this.httpPort = httpPort;
    this.httpsPort = httpsPort;
  }

  /** {@code scheme://host:port}; an IllegalArgumentException (a usage error) when not parseable. */
  URI parse(String text) {
    boolean url = text.contains("://");
    URI u;
    try {
      u = new URI(url ? text : "http://" + text);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(flag + " '" + text + "' is not host:port or a URL");
    }
    String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException(
          flag + " '" + text + "': only http and https are supported");
    }
    if (u.getHost() == null || u.getHost().isEmpty()) {
      throw new IllegalArgumentException(flag + " '" + text + "' is not host:port or a URL");
    }
    if (u.getPort() > 65535) {
      throw new IllegalArgumentException(
          flag + " '" + text + "': port " + u.getPort() + " is over 65535");
    }
    if (u.getPort() >= 1) {
      return URI.create(scheme + "://" + u.getRawAuthority());
    }
    if (!url) {
      throw new IllegalArgumentException(
          flag + " '" + text + "' needs a port, e.g. " + u.getHost() + ":" + httpPort);
    }
    int port = scheme.equals("https") ? httpsPort : httpPort;
    return URI.create(scheme + "://" + u.getRawAuthority() + ":" + port);
  }

  /** How a row names a web UI: host:port. */
  static String name(URI base) {
    return base.getHost() + ":" + base.getPort();
  }
}
