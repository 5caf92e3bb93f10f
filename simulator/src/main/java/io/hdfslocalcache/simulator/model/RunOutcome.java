package io.hdfslocalcache.simulator.model;

/** A replay's configuration, figures and utilisation series. */
public record RunOutcome(RunConfig config, RunResult result, UtilizationSeries series) {}
