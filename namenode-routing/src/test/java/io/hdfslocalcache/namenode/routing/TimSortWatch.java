package io.hdfslocalcache.namenode.routing;

/**
 * Whether a comparator is being called from java.util.TimSort (see GroupView for why it matters).
 */
final class TimSortWatch {
  private TimSortWatch() {}

  static boolean calledFromTimSort() {
    for (StackTraceElement frame : new Throwable().getStackTrace()) {
      if (frame.getClassName().startsWith("java.util.TimSort")) {
        return true;
      }
    }
    return false;
  }
}
