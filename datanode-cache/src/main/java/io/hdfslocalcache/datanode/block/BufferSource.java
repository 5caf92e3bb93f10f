package io.hdfslocalcache.datanode.block;

/**
 * Where a reader's window buffers come from and go back to: the read path shares spares between
 * streams so that a pread allocates none; {@link #NEW} allocates every time (fills, tests).
 */
public interface BufferSource {
  /** Always a new buffer; nothing is kept. */
  BufferSource NEW =
      new BufferSource() {
        @Override
        public byte[] take(int min) {
          return new byte[min];
        }

        @Override
        public void give(byte[] b) {}
      };

  /** A buffer of at least {@code min} bytes, of any content. */
  byte[] take(int min);

  /** {@code b}, no longer read into nor served from by anyone, may serve a later reader. */
  void give(byte[] b);
}
