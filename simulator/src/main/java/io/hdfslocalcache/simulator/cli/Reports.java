package io.hdfslocalcache.simulator.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.hdfslocalcache.simulator.model.ReplicaResult;
import io.hdfslocalcache.simulator.model.RoutingType;
import io.hdfslocalcache.simulator.model.RunResult;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.List;

/** JSON and CSV files of run results, written by Jackson from the {@link RunResult} record. */
final class Reports {
  private Reports() {}

  /** Shape of the JSON: one object for a single simulate run, an array otherwise. */
  enum JsonShape {
    OBJECT_IF_SINGLE,
    ARRAY
  }

  static void writeJson(Path file, List<RunResult> results, JsonShape shape) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    Object value =
        shape == JsonShape.OBJECT_IF_SINGLE && results.size() == 1 ? results.get(0) : results;
    mapper.writeValue(file.toFile(), value);
  }

  /**
   * A result of one DataNode, or of the fleet ("fleet"): the result's fields after "datanode" (and
   * "routing", with replica figures), then on the fleet's rows its replica figures when they were
   * asked for (none on a DataNode's row).
   */
  record FleetRow(
      String datanode,
      @JsonInclude(JsonInclude.Include.NON_NULL) String routing,
      @JsonUnwrapped RunResult result,
      @JsonUnwrapped ReplicaResult replicas) {

    /** The table's first column: the DataNode, marked when its reads were re-routed. */
    String label() {
      return routing == null || routing.equals(RoutingType.STOCK.configName())
          ? datanode
          : datanode + " [" + routing + "]";
    }
  }

  static void writeFleetJson(Path file, List<FleetRow> rows) throws IOException {
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), rows);
  }

  static void writeCsv(Path file, List<RunResult> results) throws IOException {
    new CsvMapper().writer(schema(false, false)).writeValue(file.toFile(), results);
  }

  static void writeFleetCsv(Path file, List<FleetRow> rows) throws IOException {
    boolean replicas = rows.stream().anyMatch(r -> r.replicas() != null);
    new CsvMapper().writer(schema(true, replicas)).writeValue(file.toFile(), rows);
  }

  /** Columns in the record's order (the JSON order), not Jackson's alphabetical CSV default. */
  private static CsvSchema schema(boolean fleet, boolean replicas) {
    CsvSchema.Builder columns = CsvSchema.builder();
    if (fleet) {
      columns.addColumn("datanode");
    }
    if (replicas) {
      columns.addColumn("routing");
    }
    for (RecordComponent c : RunResult.class.getRecordComponents()) {
      columns.addColumn(c.getName());
    }
    if (replicas) {
      for (RecordComponent c : ReplicaResult.class.getRecordComponents()) {
        columns.addColumn(c.getName());
      }
    }
    return columns.build().withHeader();
  }
}
