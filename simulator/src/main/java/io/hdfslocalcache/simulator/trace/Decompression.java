package io.hdfslocalcache.simulator.trace;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * Opens gzip, xz or zstd by their magic bytes (not the file name: rotated logs are often renamed),
 * plain text otherwise. gzip is the JDK's, xz is XZ for Java, zstd is zstd-jni.
 */
final class Decompression {
  private static final int BUFFER = 1 << 16;

  private Decompression() {}

  static InputStream open(InputStream raw) throws IOException {
    BufferedInputStream in = new BufferedInputStream(raw, BUFFER);
    in.mark(8);
    byte[] magic = in.readNBytes(6);
    in.reset();
    if (matches(magic, 0x1f, 0x8b)) {
      return new GZIPInputStream(in, BUFFER);
    }
    if (matches(magic, 0xfd, '7', 'z', 'X', 'Z', 0x00)) {
      return new XZInputStream(in);
    }
    if (matches(magic, 0x28, 0xb5, 0x2f, 0xfd)) {
      return new ZstdInputStream(in);
    }
    return in;
  }

  private static boolean matches(byte[] head, int... magic) {
    if (head.length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if ((head[i] & 0xff) != magic[i]) {
        return false;
      }
    }
    return true;
  }
}
