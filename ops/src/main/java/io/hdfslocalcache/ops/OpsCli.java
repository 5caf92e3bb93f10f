package io.hdfslocalcache.ops;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Runs an ops command with the project's error contract: a bad argument is one line on stderr and
 * exit 2, a failure one line and exit 1, never a stack trace; {@code --help} goes to stdout.
 */
public final class OpsCli {
  public static final int USAGE = 2;
  public static final int FAILED = 1;

  private OpsCli() {}

  /** Parses {@code args} into {@code command}, runs it and returns the exit code. Never throws. */
  public static int execute(Object command, String[] args, PrintStream out, PrintStream err) {
    CommandLine cl = new CommandLine(command);
    versions(cl);
    String prefix = cl.getCommandName() + ": ";
    cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          ex.getCommandLine().getErr().println(prefix + ex.getMessage() + " (try --help)");
          return USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter e = commandLine.getErr();
          if (ex instanceof IllegalArgumentException) {
            e.println(prefix + ex.getMessage() + " (try --help)");
            return USAGE;
          }
          e.println(prefix + describe(ex));
          return FAILED;
        });
    return cl.execute(args);
  }

  /**
   * {@code --version} of the command and of each action prints the tools jar's version (its
   * manifest's), the release an operator unpacked; a source checkout's classes have none.
   */
  private static void versions(CommandLine cl) {
    cl.getCommandSpec().versionProvider(OpsCli::version);
    cl.getSubcommands().values().forEach(OpsCli::versions);
  }

  private static String[] version() {
    String v = OpsCli.class.getPackage().getImplementationVersion();
    return new String[] {"hdfs-local-cache " + (v == null ? "(not the release's tools jar)" : v)};
  }

  private static String describe(Exception ex) {
    if (ex instanceof CommandFailure) {
      return ex.getMessage();
    }
    if (ex instanceof IOException) {
      return ex.toString();
    }
    if (ex instanceof InterruptedException) {
      return "interrupted";
    }
    return "unexpected error: " + ex;
  }
}
