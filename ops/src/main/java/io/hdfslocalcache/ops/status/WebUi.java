package io.hdfslocalcache.ops.status;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticationException;

/**
 * GETs from Hadoop web UIs (the NameNode's and DataNodes' {@code /jmx}) through Hadoop's own
 * client, as {@code hdfs fsck} does: {@link URLConnectionFactory} with the configuration's SSL
 * settings ({@code ssl-client.xml}) and timeouts. A UI that answers 401 is asked again through
 * {@code AuthenticatedURL} with Hadoop's Kerberos authenticator: SPNEGO with the caller's Kerberos
 * ticket (kinit) when the UI offers Negotiate ({@code hadoop.http.authentication.type=kerberos}),
 * Hadoop's simple {@code user.name} authentication otherwise.
 *
 * <p>Why authenticate only after a 401, not whenever {@code hadoop.security.authentication} is
 * kerberos: a web UI can demand authentication on its own (simple auth with anonymous access off,
 * or Kerberos on HTTP only), and an open one costs no extra round trip ({@code AuthenticatedURL}
 * starts with an OPTIONS request, which some front ends refuse). Thread-safe: each request opens
 * its own connections and token.
 */
final class WebUi implements AutoCloseable {
  private final URLConnectionFactory connections;
  private final long seconds;

  WebUi(Configuration conf, Duration timeout) {
    UserGroupInformation.setConfiguration(conf);
    int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    this.connections = URLConnectionFactory.newDefaultURLConnectionFactory(ms, ms, conf);
    this.seconds = timeout.getSeconds();
  }

  /** The JSON of {@code base/jmx?qry=query}. */
  String jmx(URI base, String query) {
    return get(base, "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
  }

  /** The body of a 200 answer to {@code GET base + path}; a {@link Failure} otherwise. */
  String get(URI base, String path) {
    URI uri = URI.create(base + path);
    HttpURLConnection c = null;
    try {
      URL url = uri.toURL();
      c = (HttpURLConnection) connections.openConnection(url, false);
      int status = c.getResponseCode();
      if (status == HttpURLConnection.HTTP_UNAUTHORIZED) {
        c.disconnect();
        c = (HttpURLConnection) connections.openConnection(url, true);
        status = c.getResponseCode();
      }
      if (status == 401 || status == 403) {
        throw new Failure(
            "HTTP "
                + status
                + " from "
                + base
                + ": the web UI refused this user; with Kerberos, kinit as a user it accepts");
      }
      if (status != 200) {
        throw new Failure("HTTP " + status + " from " + uri);
      }
      return body(c.getInputStream());
    } catch (AuthenticationException e) {
      throw new Failure(
          "cannot authenticate to "
              + base
              + ": "
              + innermost(e).getMessage()
              + " (a Kerberos-protected web UI needs a ticket: kinit first)");
    } catch (IOException | IllegalArgumentException e) {
      throw new Failure(describe(base, uri, e));
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
  }

  /** One line for an I/O failure; Hadoop's authenticator wraps the JDK's exception in its own. */
  private String describe(URI base, URI uri, Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException) {
        return base + " did not answer within " + seconds + " s";
      }
      if (t instanceof UnknownHostException) {
        return "cannot connect to " + base + ": unknown host (is its HTTP server at this address?)";
      }
      if (t instanceof ConnectException) {
        return "cannot connect to "
            + base
            + ": connection refused (is its HTTP server at this address?)";
      }
    }
    return "cannot read " + uri + ": " + innermost(e);
  }

  private static Throwable innermost(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  private static String body(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (InputStream i = in) {
      i.transferTo(b);
    }
    return b.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    connections.destroy();
  }
}
