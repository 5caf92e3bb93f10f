package io.hdfslocalcache.datanode.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StatusCommandTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private HttpServer server;
  private final AtomicReference<String> body = new AtomicReference<>();
  private final AtomicReference<String> query = new AtomicReference<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  private int run(String... args) {
    return StatusCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** A local stand-in for a DataNode's HTTP server answering /jmx with {@link #body}. */
  private int serve(int status) throws Exception {
    server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    server.createContext(
        "/jmx",
        ex -> {
          query.set(ex.getRequestURI().getQuery());
          byte[] b = body.get().getBytes(StandardCharsets.UTF_8);
          ex.sendResponseHeaders(status, b.length);
          ex.getResponseBody().write(b);
          ex.close();
        });
    server.start();
    return server.getAddress().getPort();
  }

  private void assertOneLineError(String contains) {
    String e = err();
    assertEquals(1, e.lines().count(), e);
    assertTrue(e.startsWith("hdfs-local-cache status: "), e);
    assertTrue(e.contains(contains), e);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void run_noArguments_usageErrorExit2() {
    assertEquals(2, run());
    assertOneLineError("--datanode <host:port> is required");
  }

  @Test
  void run_unknownArgument_exit2() {
    assertEquals(2, run("--datanode", "dn1:9864", "--verbose"));
    assertOneLineError("unknown argument '--verbose'");
  }

  @Test
  void run_badValues_exit2() {
    assertEquals(2, run("--datanode", "dn1"));
    assertOneLineError("needs a port");
    err.reset();
    assertEquals(2, run("--datanode=dn1:9864", "--timeout", "soon"));
    assertOneLineError("--timeout must be a whole number");
    err.reset();
    assertEquals(2, run("--datanode", "ftp://dn1:21"));
    assertOneLineError("only http and https");
    err.reset();
    assertEquals(2, run("--datanode"));
    assertOneLineError("--datanode needs a value");
  }

  @Test
  void run_help_usageOnStdoutExit0() {
    assertEquals(0, run("--help"));
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: hdfs-local-cache status"));
  }

  @Test
  void run_nothingListening_exit1OneLine() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    assertEquals(1, run("--datanode", "localhost:" + port, "--timeout", "5"));
    assertOneLineError("cannot connect to http://localhost:" + port);
  }

  @Test
  void run_dataNodeWithTwoBeans_printsTheOneOnItsPort() throws Exception {
    int port = serve(200);
    body.set(
        StatusReportTest.sample()
            .replace("\"tag.HttpPort\" : \"40241\"", "\"tag.HttpPort\" : \"" + port + "\""));
    assertEquals(0, run("--datanode", "localhost:" + port), err());
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(
        text.startsWith(
            "hdfs-local-cache on localhost:"
                + port
                + "  (DataNode 9b33571d-ac4c-4224-a8e8-aaa44b5cb010"),
        text);
    assertEquals("qry=" + StatusCommand.QUERY, query.get());
  }

  @Test
  void run_twoBeansNoneOnThisPort_exit1() throws Exception {
    int port = serve(200);
    body.set(StatusReportTest.sample());
    assertEquals(1, run("--datanode", "localhost:" + port));
    assertOneLineError("2 LocalCache beans");
  }

  @Test
  void run_noCacheBean_exit1SaysCacheNotActive() throws Exception {
    int port = serve(200);
    body.set("{\"beans\" : [ ]}");
    assertEquals(1, run("--datanode", "localhost:" + port));
    assertOneLineError("the cache is not active");
  }

  @Test
  void run_notJmxOrHttpError_exit1() throws Exception {
    int port = serve(200);
    body.set("<html>hello</html>");
    assertEquals(1, run("--datanode", "http://localhost:" + port));
    assertOneLineError("did not answer with Hadoop JMX JSON");
    server.stop(0);
    err.reset();
    port = serve(500);
    body.set("oops");
    assertEquals(1, run("--datanode", "localhost:" + port));
    assertOneLineError("HTTP 500");
  }
}
