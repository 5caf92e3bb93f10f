package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.model.policy.PolicyType;
import java.util.Arrays;
import java.util.Iterator;

/** Every registered policy's spec form, for {@code --policy}'s help: read off the registry. */
final class PolicyUsages implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return Arrays.stream(PolicyType.values()).map(PolicyType::usage).iterator();
  }
}
