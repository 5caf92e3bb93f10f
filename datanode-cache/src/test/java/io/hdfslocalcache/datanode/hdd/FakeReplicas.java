package io.hdfslocalcache.datanode.hdd;

import io.hdfslocalcache.datanode.block.BlockId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.util.DataChecksum;

/**
 * The dataset as a map the test fills: which replicas exist, and whose files are gone. Replicas
 * given bytes ({@link #finalized(BlockId, long, byte[])}) can be read too, as fills read them.
 */
public final class FakeReplicas implements HddReplicas {
  public final Map<BlockId, ReplicaVersion> replicas = new ConcurrentHashMap<>();

  /** Replicas the dataset lists but whose files are not on disk. */
  public final Set<Long> filesGone = ConcurrentHashMap.newKeySet();

  /** Block file bytes of the readable replicas; a test may change them (bit rot). */
  public final Map<BlockId, byte[]> data = new ConcurrentHashMap<>();

  private final Map<BlockId, byte[]> meta = new ConcurrentHashMap<>();

  /** Called as a data stream opens at an offset, on the opening thread: tests hold a fill there. */
  public volatile java.util.function.LongConsumer onOpenData = offset -> {};

  /** A FINALIZED replica of this version. */
  public void finalized(BlockId id, long gs, long length) {
    replicas.put(id, new ReplicaVersion(true, gs, length));
  }

  /** A FINALIZED, readable replica of these bytes, checksummed as HDFS does (CRC32C per 512). */
  public void finalized(BlockId id, long gs, byte[] bytes) {
    finalized(id, gs, bytes.length);
    data.put(id, bytes);
    meta.put(id, metaOf(bytes));
  }

  /** Rewrites the format version in the header of {@code id}'s meta file. */
  public void metaVersion(BlockId id, short version) {
    byte[] m = meta.get(id);
    m[0] = (byte) (version >> 8);
    m[1] = (byte) version;
  }

  /**
   * Rewrites {@code id}'s meta file as HDFS writes it with checksum {@code type} per {@code
   * bytesPerChecksum} bytes (a NULL type writes the header alone).
   */
  public void checksum(BlockId id, DataChecksum.Type type, int bytesPerChecksum) {
    meta.put(id, metaOf(data.get(id), DataChecksum.newDataChecksum(type, bytesPerChecksum)));
  }

  /**
   * Cuts {@code id}'s meta file to its header, as HDFS leaves a replica written to transient
   * storage (a RAM disk): CRC32C named, no checksums.
   */
  public void headerOnly(BlockId id) {
    meta.put(id, java.util.Arrays.copyOf(meta.get(id), BlockMetadataHeader.getHeaderSize()));
  }

  /** The meta file HDFS writes for {@code bytes}: header, then a CRC32C per 512 bytes. */
  public static byte[] metaOf(byte[] bytes) {
    return metaOf(bytes, DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512));
  }

  private static byte[] metaOf(byte[] bytes, DataChecksum dc) {
    int bpc = dc.getBytesPerChecksum();
    byte[] sums = new byte[(bytes.length + bpc - 1) / bpc * dc.getChecksumSize()];
    dc.calculateChunkedSums(bytes, 0, bytes.length, sums, 0);
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    try {
      BlockMetadataHeader.writeHeader(new DataOutputStream(m), dc);
      m.write(sums);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return m.toByteArray();
  }

  @Override
  public ReplicaVersion replica(BlockId id) {
    return replicas.get(id);
  }

  @Override
  public LengthInputStream openMeta(ExtendedBlock b) {
    byte[] m = meta.get(idOf(b));
    if (m == null) {
      throw new UnsupportedOperationException("no HDD reads of " + b + " in this test");
    }
    return new LengthInputStream(new ByteArrayInputStream(m), m.length);
  }

  @Override
  public InputStream openData(ExtendedBlock b, long offset) {
    byte[] d = data.get(idOf(b));
    if (d == null) {
      throw new UnsupportedOperationException("no HDD reads of " + b + " in this test");
    }
    onOpenData.accept(offset);
    ByteArrayInputStream in = new ByteArrayInputStream(d);
    in.skip(offset);
    return in;
  }

  @Override
  public boolean filesExist(ExtendedBlock b) {
    return replicas.containsKey(idOf(b)) && !filesGone.contains(b.getBlockId());
  }

  private static BlockId idOf(ExtendedBlock b) {
    return new BlockId(b.getBlockPoolId(), b.getBlockId());
  }
}
