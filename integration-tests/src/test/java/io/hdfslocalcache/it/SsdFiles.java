package io.hdfslocalcache.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/** Looks at the page files on the stand-in SSD directly, as an operator would. */
final class SsdFiles {
  private SsdFiles() {}

  /** Page files under {@code ssd} that belong to any of {@code blocks} (any generation stamp). */
  static long count(Path ssd, List<ExtendedBlock> blocks) {
    return files(ssd).stream()
        .filter(
            f ->
                blocks.stream()
                    .anyMatch(b -> f.toString().contains("_blk_" + b.getBlockId() + "_")))
        .count();
  }

  static List<Path> pages(Path ssd, ExtendedBlock b, String suffix) {
    return files(ssd).stream()
        .filter(
            f ->
                f.getParent()
                    .getFileName()
                    .toString()
                    .contains("_blk_" + b.getBlockId() + "_" + b.getGenerationStamp() + suffix))
        .sorted()
        .toList();
  }

  /**
   * Regular files under {@code root}. The cache deletes pages and their directories while tests
   * poll (Files.walk throws on those), so an entry that vanishes mid-walk is simply not listed.
   */
  static List<Path> files(Path root) {
    List<Path> out = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
              if (attrs.isRegularFile()) {
                out.add(f);
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
              if (e instanceof NoSuchFileException) {
                return FileVisitResult.CONTINUE;
              }
              throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              if (e == null || e instanceof NoSuchFileException) {
                return FileVisitResult.CONTINUE;
              }
              throw e;
            }
          });
    } catch (NoSuchFileException e) {
      return out; // root itself gone
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
