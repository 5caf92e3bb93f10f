package io.hdfslocalcache.datanode;

/**
 * What the block map holds for a block: a fill in progress or a published, servable entry. Only
 * FillTicket and CacheEntry implement it (not sealed: compiled for Java 8).
 */
interface Slot {}
