package io.hdfslocalcache.demo;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.demo.hdd.HddModel;

/** Everything one demo run is configured by, after defaults and --quick are resolved. */
record DemoSettings(
    int datanodes,
    long dataBytes,
    long blockBytes,
    long cacheBytesPerDataNode,
    int readers,
    double ratePerSec,
    double zipf,
    double scanFraction,
    int admissionThreshold,
    int runSeconds,
    int warmupSeconds,
    long seed,
    HddModel hdd,
    FillMode fillMode,
    boolean guard) {

  int files() {
    return (int) (dataBytes / blockBytes);
  }

  String summary() {
    return String.format(
        "%d DataNodes x 2 emulated HDDs (%.0f-%.0f ms seek, %d MB/s);"
            + " %d blocks of %d MB, 1 replica each; cache %d MB per DataNode; %d readers offered %.0f reads/s, Zipf %.2f,"
            + " %.0f%% whole-block scans, the rest 4 KB-1 MB preads; admission after more than %d"
            + " reads in 1 min (production: in 60 min; the demo runs minutes, not hours);"
            + " %d s per run after %d s cache warm-up; fill mode %s, fill guard %s",
        datanodes,
        hdd.seekMinMs(),
        hdd.seekMaxMs(),
        hdd.bytesPerSec() >> 20,
        files(),
        blockBytes >> 20,
        cacheBytesPerDataNode >> 20,
        readers,
        ratePerSec,
        zipf,
        100 * scanFraction,
        admissionThreshold,
        runSeconds,
        warmupSeconds,
        fillMode == null ? "default" : fillMode.configName(),
        guard ? "on" : "off");
  }
}
