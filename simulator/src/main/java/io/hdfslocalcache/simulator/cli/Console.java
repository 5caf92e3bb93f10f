package io.hdfslocalcache.simulator.cli;

/** Whether stderr gets a progress bar and the parse summary. */
enum Console {
  PROGRESS,
  QUIET
}
