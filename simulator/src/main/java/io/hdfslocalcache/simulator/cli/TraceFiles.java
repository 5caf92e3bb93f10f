package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.simulator.trace.TraceInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code --trace} arguments to files, through Hadoop's FileSystem: a URI of any file system the
 * Hadoop client knows ({@code hdfs://nn:8020/logs/...}, {@code file:///...}, {@code viewfs://},
 * with the configuration from HADOOP_CONF_DIR for HA name services and Kerberos), or a plain path,
 * which is always a local file (not the configuration's default file system: a bare path meant a
 * local file before, and still does). Each may be a glob ({@code *}, {@code ?}, {@code [ab]},
 * {@code {a,b}}), as {@code hdfs dfs -ls} takes it; a directory stands for the files in it.
 */
final class TraceFiles {
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*://.*");
  private static final int BUFFER = 1 << 20;

  private TraceFiles() {}

  /** Every file the arguments name, each once, in argument order then path order. */
  static List<TraceInput> resolve(List<String> specs, Configuration conf) throws IOException {
    Map<String, TraceInput> files = new LinkedHashMap<>();
    for (String spec : specs) {
      boolean local = !SCHEME.matcher(spec).matches();
      FileSystem fs;
      Path pattern;
      if (local) {
        fs = FileSystem.getLocal(conf);
        pattern = fs.makeQualified(new Path(Paths.get(spec).toAbsolutePath().toString()));
      } else {
        pattern = new Path(spec);
        fs = pattern.getFileSystem(conf);
      }
      FileStatus[] matches = fs.globStatus(pattern);
      if (matches == null || matches.length == 0) {
        throw new NoSuchFileException(spec, null, "no trace file");
      }
      for (FileStatus s : sorted(matches)) {
        for (FileStatus f : s.isDirectory() ? sorted(fs.listStatus(s.getPath())) : List.of(s)) {
          if (f.isFile()) {
            String name = local ? f.getPath().toUri().getPath() : f.getPath().toString();
            files.putIfAbsent(name, new TraceInput(name, f.getLen(), () -> open(fs, f.getPath())));
          }
        }
      }
    }
    if (files.isEmpty()) {
      throw new NoSuchFileException(String.join(" ", specs), null, "no trace file");
    }
    return new ArrayList<>(files.values());
  }

  private static List<FileStatus> sorted(FileStatus[] statuses) {
    List<FileStatus> out = new ArrayList<>(Arrays.asList(statuses));
    out.sort(Comparator.comparing(s -> s.getPath().toString()));
    return out;
  }

  /** Local files skip the checksummed layer (no .crc files beside logs) and read directly. */
  private static InputStream open(FileSystem fs, Path path) throws IOException {
    return fs instanceof LocalFileSystem l ? l.getRaw().open(path, BUFFER) : fs.open(path, BUFFER);
  }
}
