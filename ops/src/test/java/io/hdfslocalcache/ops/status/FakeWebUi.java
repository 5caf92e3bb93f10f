package io.hdfslocalcache.ops.status;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A local stand-in for a Hadoop web UI's {@code /jmx}: answers every method (Hadoop's authenticator
 * first sends OPTIONS) with {@code status} and the current body; records the last GET's query.
 */
final class FakeWebUi implements AutoCloseable {
  private final HttpServer server;
  final AtomicReference<String> lastQuery = new AtomicReference<>();

  FakeWebUi(int status, Supplier<String> body) throws IOException {
    server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    server.createContext(
        "/jmx",
        ex -> {
          if (ex.getRequestMethod().equals("GET")) {
            lastQuery.set(ex.getRequestURI().getQuery());
          }
          byte[] b = body.get().getBytes(StandardCharsets.UTF_8);
          ex.sendResponseHeaders(status, b.length);
          ex.getResponseBody().write(b);
          ex.close();
        });
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  String address() {
    return "localhost:" + port();
  }

  /** A NameNode's NameNodeInfo bean listing DataNodes whose web UIs are on these ports. */
  static String nameNodeInfo(int... dataNodeHttpPorts) {
    StringBuilder live = new StringBuilder("{");
    for (int i = 0; i < dataNodeHttpPorts.length; i++) {
      live.append(i == 0 ? "" : ",")
          .append("\\\"localhost:")
          .append(9866 + i)
          .append("\\\":{\\\"infoAddr\\\":\\\"127.0.0.1:")
          .append(dataNodeHttpPorts[i])
          .append("\\\",\\\"infoSecureAddr\\\":\\\"127.0.0.1:0\\\",\\\"adminState\\\":")
          .append("\\\"In Service\\\"}");
    }
    live.append("}");
    return "{\"beans\":[{\"name\":\"Hadoop:service=NameNode,name=NameNodeInfo\",\"LiveNodes\":\""
        + live
        + "\"}]}";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
