package io.hdfslocalcache.datanode;

/** What the block map holds for a block: a fill in progress or a published, servable entry. */
sealed interface Slot permits FillTicket, CacheEntry {}
