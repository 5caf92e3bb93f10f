package io.hdfslocalcache.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** demo.json: the setup, every figure of both runs, their samples, and the ratios. */
final class JsonReport {
  private JsonReport() {}

  static void write(Path file, DemoSettings s, Comparison c) throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("setup", setup(s));
    root.put("cacheOff", figures(c.off()));
    root.put("cacheOn", figures(c.on()));
    Map<String, Object> ratios = new LinkedHashMap<>();
    ratios.put("cacheByteShare", c.cacheByteShare());
    ratios.put("meanHddQueueReduction", c.meanQueueReduction());
    ratios.put("peakHddQueueReduction", c.peakQueueReduction());
    ratios.put("throughputRatio", c.throughputRatio());
    ratios.put("readsPerSecRatio", c.readsPerSecRatio());
    ratios.put("p50Ratio", c.p50Ratio());
    ratios.put("p99Ratio", c.p99Ratio());
    root.put("ratios", ratios);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
  }

  private static Map<String, Object> setup(DemoSettings s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("summary", s.summary());
    m.put("datanodes", s.datanodes());
    m.put("volumesPerDataNode", 2);
    m.put("dataBytes", s.dataBytes());
    m.put("blockBytes", s.blockBytes());
    m.put("files", s.files());
    m.put("cacheBytesPerDataNode", s.cacheBytesPerDataNode());
    m.put("readers", s.readers());
    m.put("offeredReadsPerSec", s.ratePerSec());
    m.put("zipfExponent", s.zipf());
    m.put("scanFraction", s.scanFraction());
    m.put("admissionThreshold", s.admissionThreshold());
    m.put("admissionWindow", "6 x 10s");
    m.put("runSeconds", s.runSeconds());
    m.put("warmupSeconds", s.warmupSeconds());
    m.put("seed", s.seed());
    m.put(
        "hdd",
        Map.of(
            "seekMinMs",
            s.hdd().seekMinMs(),
            "seekMaxMs",
            s.hdd().seekMaxMs(),
            "bytesPerSec",
            s.hdd().bytesPerSec(),
            "readaheadBytes",
            s.hdd().readaheadBytes()));
    return m;
  }

  private static Map<String, Object> figures(MeasuredRun r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("seconds", r.seconds());
    m.put("reads", r.reads());
    m.put("bytesRead", r.bytesRead());
    m.put("bytesFromHdd", r.hddClientBytes());
    m.put("bytesFromCache", r.cacheBytes());
    m.put("cacheByteShare", r.cacheByteShare());
    m.put("fillBytesFromHdd", r.fillBytes());
    m.put("throughputMBps", r.throughputMBps());
    m.put("readsPerSec", r.readsPerSec());
    m.put("latencyP50Ms", r.p50Ms());
    m.put("latencyP99Ms", r.p99Ms());
    m.put("latencyMaxMs", r.maxMs());
    m.put("meanHddQueueDepth", r.meanQueue());
    m.put("peakHddQueueDepth", r.peakQueue());
    m.put("sampleIntervalSeconds", r.samples().intervalSeconds());
    m.put("hddQueueDepthSamples", r.samples().queueDepth());
    m.put("cacheMBpsSamples", r.samples().cacheMBps());
    m.put("hddMBpsSamples", r.samples().hddMBps());
    return m;
  }
}
