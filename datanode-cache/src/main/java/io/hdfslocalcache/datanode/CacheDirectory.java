package io.hdfslocalcache.datanode;

import java.nio.file.Path;

/** One SSD directory in service: where it is and the page store over it. */
record CacheDirectory(int index, Path path, PageStore store) {}
