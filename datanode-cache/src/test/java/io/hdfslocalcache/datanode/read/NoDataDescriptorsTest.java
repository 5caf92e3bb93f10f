package io.hdfslocalcache.datanode.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileDescriptor;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cached streams' {@code /dev/null}: one open per {@link
 * NoDataDescriptors#STREAMS_PER_DESCRIPTOR} streams, never closed under a stream still using it,
 * closed once retired and unused.
 */
class NoDataDescriptorsTest {
  private final NoDataDescriptors descriptors = new NoDataDescriptors();
  private static final int PER = NoDataDescriptors.STREAMS_PER_DESCRIPTOR;

  @Test
  void lease_manyStreams_oneOpenPerShare() throws Exception {
    List<NoDataDescriptors.Shared> leased = new ArrayList<>();
    Map<FileDescriptor, Boolean> distinct = new IdentityHashMap<>();
    for (int i = 0; i < 2 * PER + 2; i++) {
      NoDataDescriptors.Shared s = descriptors.lease();
      leased.add(s);
      distinct.put(s.fd(), true);
    }
    assertEquals(3, distinct.size());
    for (NoDataDescriptors.Shared s : leased) {
      descriptors.release(s);
    }
    assertFalse(leased.get(0).fd().valid(), "retired and unused: closed");
    assertFalse(leased.get(PER).fd().valid(), "retired and unused: closed");
    assertTrue(leased.get(2 * PER).fd().valid(), "the current one, kept for the next streams");
  }

  @Test
  void release_retiredWithAStreamStillOpen_staysOpenUntilItCloses() throws Exception {
    List<NoDataDescriptors.Shared> first = new ArrayList<>();
    for (int i = 0; i < PER; i++) {
      first.add(descriptors.lease());
    }
    NoDataDescriptors.Shared longLived = first.remove(0);
    FileDescriptor fd = longLived.fd();
    descriptors.lease(); // a new descriptor: the first has served its share
    for (NoDataDescriptors.Shared s : first) {
      descriptors.release(s);
    }
    assertTrue(fd.valid(), "a stream still uses it (BlockSender may fadvise it)");
    descriptors.release(longLived);
    assertFalse(fd.valid());
  }

  @Test
  void release_currentNotYetFull_keptForTheNextStream() throws Exception {
    NoDataDescriptors.Shared a = descriptors.lease();
    FileDescriptor fd = a.fd();
    descriptors.release(a);
    assertTrue(fd.valid());
    NoDataDescriptors.Shared b = descriptors.lease();
    assertTrue(fd == b.fd(), "the same descriptor, not a new open");
    descriptors.release(b);
  }
}
