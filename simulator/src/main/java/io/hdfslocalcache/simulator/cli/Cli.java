package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.trace.TraceFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;

/**
 * Runs a command with the project's error contract: a bad argument or bad input is one line on
 * stderr and a non-zero exit (2 for usage, 1 for input), never a stack trace.
 */
final class Cli {
  static final int USAGE = 2;
  static final int FAILED = 1;

  private Cli() {}

  static CommandLine commandLine(Object command) {
    CommandLine cl = new CommandLine(command);
    cl.getCommandSpec().versionProvider(Cli::version);
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println(
              ex.getCommandLine().getCommandName() + ": " + ex.getMessage() + " (try --help)");
          return USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          commandLine.getErr().println(commandLine.getCommandName() + ": " + describe(ex));
          return ex instanceof IllegalArgumentException ? USAGE : FAILED;
        });
    return cl;
  }

  /**
   * What {@code --version} prints: the tools jar's version (its manifest's), the release an
   * operator unpacked; a source checkout's classes have none.
   */
  static String[] version() {
    String v = Cli.class.getPackage().getImplementationVersion();
    return new String[] {"hdfs-local-cache " + (v == null ? "(not the release's tools jar)" : v)};
  }

  static String describe(Throwable ex) {
    if (ex instanceof NoSuchFileException e) {
      return "no such file: " + e.getFile();
    }
    if (ex instanceof AccessDeniedException e) {
      return "permission denied: " + e.getFile();
    }
    if (ex instanceof IllegalArgumentException || ex instanceof TraceFormatException) {
      return ex.getMessage();
    }
    if (ex instanceof IOException) {
      return "I/O error: " + ex.getMessage();
    }
    if (ex instanceof OutOfMemoryError) {
      return "out of memory: raise -Xmx through HDFS_LOCAL_CACHE_JAVA_OPTS, or keep the parsed"
          + " events on disk (--events-on disk)";
    }
    return ex.getClass().getSimpleName() + ": " + ex.getMessage();
  }

  static void main(Object command, String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(commandLine(command).execute(args));
  }
}
