package io.hdfslocalcache.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DemoMainTest {
  private static String[] run(String... args) {
    CommandLine cl = DemoMain.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new String[] {String.valueOf(code), err.toString()};
  }

  @Test
  void execute_unknownOption_oneLineErrorExit2() {
    String[] r = run("--frobnicate");

    assertEquals("2", r[0]);
    assertEquals(1, r[1].strip().lines().count(), r[1]);
    assertTrue(r[1].contains("--frobnicate"));
  }

  @Test
  void execute_badSize_oneLineErrorNamingOptionExit2() {
    String[] r = run("--data-size", "lots");

    assertEquals("2", r[0]);
    assertEquals(1, r[1].strip().lines().count(), r[1]);
    assertTrue(r[1].contains("--data-size"), r[1]);
  }

  @Test
  void execute_blockLargerThanData_exit2() {
    assertEquals("2", run("--data-size", "16m", "--block-size", "64m")[0]);
  }

  @Test
  void settings_quick_smallDataShortRuns() {
    CommandLine cl = DemoMain.commandLine();
    cl.parseArgs("--quick");
    DemoSettings s = ((DemoMain) cl.getCommand()).settings();

    assertEquals(16, s.files());
    assertEquals(10, s.runSeconds());
    assertEquals(3, s.datanodes());
  }
}
