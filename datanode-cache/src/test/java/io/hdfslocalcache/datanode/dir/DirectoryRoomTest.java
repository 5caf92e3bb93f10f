package io.hdfslocalcache.datanode.dir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.time.FakeClock;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryRoomTest {
  private static final long CAPACITY = 64L << 20;

  @TempDir Path root;
  private final FakeClock clock = new FakeClock(1_700_000_000_000L);

  @Test
  void now_oneDirectoryFullTheOtherEmpty_room() throws Exception {
    try (DirectoryFixture full = fixture(0);
        DirectoryFixture empty = fixture(1)) {
      full.dir.budget().reserveExisting(CAPACITY);
      assertEquals(CacheRoom.State.ROOM, room(full, empty).now());
    }
  }

  @Test
  void now_theEmptyDirectoryOutOfService_full() throws Exception {
    try (DirectoryFixture full = fixture(0);
        DirectoryFixture failed = fixture(1)) {
      full.dir.budget().reserveExisting(CAPACITY);
      failed.dir.health().takeOutOfService("test: a failed SSD");
      assertEquals(CacheRoom.State.FULL, room(full, failed).now());
    }
  }

  @Test
  void now_everyDirectoryOutOfService_full() throws Exception {
    try (DirectoryFixture a = fixture(0)) {
      a.dir.health().takeOutOfService("test: a failed SSD");
      assertEquals(CacheRoom.State.FULL, room(a).now());
    }
  }

  private DirectoryFixture fixture(int n) throws Exception {
    return new DirectoryFixture(n, root.resolve("d" + n), CAPACITY, 10, clock);
  }

  private static DirectoryRoom room(DirectoryFixture... fixtures) {
    return new DirectoryRoom(
        new ServingDirectories(
            Arrays.stream(fixtures).map(f -> f.dir).collect(java.util.stream.Collectors.toList()),
            fixtures.length));
  }
}
