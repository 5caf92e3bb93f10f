package io.hdfslocalcache.datanode.store;

import alluxio.client.file.cache.PageId;
import alluxio.client.file.cache.store.LocalPageStore;
import alluxio.client.file.cache.store.PageStoreDir;
import alluxio.exception.PageNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directories of Alluxio's LOCAL layout, {@code <root>/<page size>/<bucket>/<file id>/<page>},
 * walked a file id at a time: deleting a cached file's pages, finding the file ids no entry owns,
 * and, for records from before the block index recorded pages, listing one file's pages. Nothing
 * here walks every page of the directory: a start-up costs one listing per bucket and one entry per
 * cached file (two per block), however many pages they hold.
 */
final class PageTree {
  private static final Logger LOG = LoggerFactory.getLogger(PageTree.class);

  private final Path root;
  private final Path pages;
  private final int buckets;
  private final int pageSize;

  PageTree(Path root, int pageSize, int buckets) {
    this.root = root;
    this.pageSize = pageSize;
    this.pages = root.resolve(Integer.toString(pageSize));
    this.buckets = buckets;
  }

  /**
   * Creates the page-size directory and deletes whatever else is under the root: pages of another
   * page size are unreadable at this one (Alluxio's manager deleted them the same way).
   */
  void create() throws IOException {
    Files.createDirectories(pages);
    try (DirectoryStream<Path> s = Files.newDirectoryStream(root)) {
      for (Path p : s) {
        if (!p.equals(pages)) {
          LOG.info("hdfs-local-cache: deleting {}: not of the configured page size", p);
          deleteTree(p);
        }
      }
    }
  }

  private Path fileDir(String fileId) {
    return pages.resolve(PageStoreDir.getFileBucket(buckets, fileId)).resolve(fileId);
  }

  /** Deletes every page of the file and its directory; returns the bytes they held. */
  long deleteFile(String fileId) {
    Path d = fileDir(fileId);
    long bytes = 0;
    try (DirectoryStream<Path> s = Files.newDirectoryStream(d)) {
      for (Path p : s) {
        bytes += deleteCounted(p);
      }
      Files.deleteIfExists(d);
    } catch (NoSuchFileException e) {
      // never written, or deleted already
    } catch (IOException | RuntimeException e) {
      // best effort: what is left is an orphan, deleted at the next start
    }
    return bytes;
  }

  /** Deletes one page (and its file's directory once empty, as Alluxio does); returns its bytes. */
  long deletePage(LocalPageStore files, PageId page) {
    long bytes = sizeOrZero(files.getPagePath(page, false));
    try {
      files.delete(page, false);
    } catch (PageNotFoundException e) {
      return 0;
    } catch (IOException | RuntimeException e) {
      return 0; // best effort, as deleteFile
    }
    return bytes;
  }

  /** The file's pages on disk by their length; lists and stats the file's page files. */
  PagesOnDisk pagesOnDisk(String fileId, long fileLength) {
    PagesOnDisk out = new PagesOnDisk();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(fileDir(fileId))) {
      for (Path p : s) {
        long index = pageIndex(p);
        if (index >= 0) {
          out.add(index, sizeOrZero(p), pageSize, fileLength);
        }
      }
    } catch (IOException | RuntimeException e) {
      // none on disk, or unreadable: the pages count as missing
    }
    return out;
  }

  /** Deletes the directory of every file id {@code keep} rejects, and stray files. */
  void retainFiles(Predicate<String> keep) {
    int deleted = 0;
    try (DirectoryStream<Path> bucketDirs = Files.newDirectoryStream(pages)) {
      for (Path bucket : bucketDirs) {
        if (!Files.isDirectory(bucket)) {
          deleteTree(bucket);
          continue;
        }
        try (DirectoryStream<Path> fileDirs = Files.newDirectoryStream(bucket)) {
          for (Path f : fileDirs) {
            if (!keep.test(f.getFileName().toString())) {
              deleteTree(f);
              deleted++;
            }
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // Orphans left are only space: they are deleted at the next start. Never fail the start.
      LOG.warn("hdfs-local-cache: orphan page scan of {} stopped early: {}", pages, e.toString());
    }
    if (deleted > 0) {
      LOG.info("hdfs-local-cache: deleted the pages of {} files no cached block owns", deleted);
    }
  }

  private static long pageIndex(Path p) {
    try {
      return Long.parseLong(p.getFileName().toString());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static long sizeOrZero(Path p) {
    try {
      return Files.size(p);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long deleteCounted(Path p) {
    long bytes = sizeOrZero(p);
    try {
      Files.deleteIfExists(p);
      return bytes;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static void deleteTree(Path p) throws IOException {
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(q);
      }
    } catch (NoSuchFileException e) {
      // gone meanwhile
    }
  }
}
