package io.hdfslocalcache.ops.admin;

import io.hdfslocalcache.admin.CacheListing;
import io.hdfslocalcache.admin.ControlFiles;
import io.hdfslocalcache.ops.CommandFailure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

/**
 * Asks a live DataNode what it has cached: a {@code list-<token>} request in one control folder,
 * answered by the DataNode's next maintenance round (every 2 s) with {@code listing-<token>} beside
 * it (datanode-cache's {@code ListingAnswer} says why a file and not the index or JMX). The tool
 * reads and removes the answer; if none comes in time, it removes its request, so a DataNode that
 * starts later does not answer a question nobody waits for.
 */
final class ListRequest {
  private static final long POLL_MILLIS = 100;

  private ListRequest() {}

  static CacheListing ask(Path control, Duration timeout) throws IOException, InterruptedException {
    String token = System.currentTimeMillis() + "-" + UUID.randomUUID();
    Path request = control.resolve(ControlFiles.LIST_PREFIX + token);
    Path answer = control.resolve(ControlFiles.LISTING_PREFIX + token);
    AdminCommand.createPrivate(control);
    Files.write(request, new byte[0]);
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (!Files.exists(answer)) {
        if (System.nanoTime() > deadline) {
          throw new CommandFailure(
              "no answer from the DataNode within "
                  + timeout.toSeconds()
                  + " s (is it running, with this release's cache jar? its maintenance round"
                  + " answers "
                  + request
                  + ")");
        }
        Thread.sleep(POLL_MILLIS);
      }
      String text = new String(Files.readAllBytes(answer), StandardCharsets.UTF_8);
      try {
        return CacheListing.parse(text);
      } catch (IllegalArgumentException e) {
        throw new CommandFailure("the DataNode's answer " + answer + ": " + e.getMessage());
      }
    } finally {
      Files.deleteIfExists(request);
      Files.deleteIfExists(answer);
    }
  }
}
