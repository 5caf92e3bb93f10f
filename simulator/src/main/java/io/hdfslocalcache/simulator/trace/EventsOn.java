package io.hdfslocalcache.simulator.trace;

import io.hdfslocalcache.config.ConfigNames;
import java.io.IOException;

/**
 * The registry of where parsed events are kept ({@code --events-on}): a config name and an {@link
 * EventLog} kind each. A new place is one {@link EventLog} class and one line here.
 */
public enum EventsOn {
  HEAP("heap", store -> new HeapEvents(store.chunkEvents())),
  DISK("disk", EventStore::newFile);

  /** A new, empty log of {@code store}'s. */
  interface Factory {
    EventLog create(EventStore store) throws IOException;
  }

  private final String configName;
  private final Factory factory;

  EventsOn(String configName, Factory factory) {
    this.configName = configName;
    this.factory = factory;
  }

  public String configName() {
    return configName;
  }

  EventLog create(EventStore store) throws IOException {
    return factory.create(store);
  }

  /** The place named {@code name}, or an exception listing the names. */
  public static EventsOn byName(String name) {
    return ConfigNames.parse("--events-on", name, values(), EventsOn::configName);
  }
}
