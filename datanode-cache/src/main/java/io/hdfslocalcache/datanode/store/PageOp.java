package io.hdfslocalcache.datanode.store;

/** What a page operation is, for failure messages (the string is built only when one fails). */
final class PageOp {
  private final String kind;
  private final String fileId;
  private final long pageIndex;

  PageOp(String kind, String fileId, long pageIndex) {
    this.kind = kind;
    this.fileId = fileId;
    this.pageIndex = pageIndex;
  }

  @Override
  public String toString() {
    return kind + " " + fileId + " page " + pageIndex;
  }
}
