package io.hdfslocalcache.datanode.block;

/** What the block map holds for a block: a fill in progress or a published, servable entry. */
interface Slot {}
