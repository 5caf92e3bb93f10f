package io.hdfslocalcache.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/** Looks at the page files on the stand-in SSD directly, as an operator would. */
final class SsdFiles {
  private SsdFiles() {}

  /** Page files under {@code ssd} that belong to any of {@code blocks} (any generation stamp). */
  static long count(Path ssd, List<ExtendedBlock> blocks) {
    try (Stream<Path> s = Files.walk(ssd)) {
      return s.filter(Files::isRegularFile).filter(f -> blocks.stream().anyMatch(
          b -> f.toString().contains("_blk_" + b.getBlockId() + "_"))).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Path> pages(Path ssd, ExtendedBlock b, String suffix) {
    try (Stream<Path> s = Files.walk(ssd)) {
      return s.filter(Files::isRegularFile).filter(f -> f.getParent().getFileName().toString()
          .contains("_blk_" + b.getBlockId() + "_" + b.getGenerationStamp() + suffix))
          .sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
