package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.datanode.block.BlockId;

/**
 * Where the read path and the dataset wrapper tell the shadow models what happened: each client
 * read of a finalized replica once its data stream closes, and each block a delete, append or
 * recovery removed or changed. Called on DataXceiver and DataNode threads: an implementation must
 * return at once, never block.
 */
public interface ReadTap {
  /** A client read ended. */
  void read(ClientRead read);

  /** The block was deleted: every cached version of it goes. */
  void removed(BlockId block);

  /**
   * The block is being appended to or recovered into version {@code newGenStamp}: an older cached
   * version goes (the simulator's WRITE of that version).
   */
  void rewritten(BlockId block, long newGenStamp);

  /** No shadow candidates: nothing to tell. */
  ReadTap NONE =
      new ReadTap() {
        @Override
        public void read(ClientRead read) {}

        @Override
        public void removed(BlockId block) {}

        @Override
        public void rewritten(BlockId block, long newGenStamp) {}
      };
}
