package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FaultInjectorsTest {
  @Test
  void of_noId_noFaults() {
    assertSame(CacheFaultInjector.NONE, FaultInjectors.of(null));
  }

  @Test
  void of_registeredId_thatInjectorUntilUnregistered() {
    CacheFaultInjector mine = new CacheFaultInjector();
    String id = FaultInjectors.register(mine);
    assertSame(mine, FaultInjectors.of(id));
    FaultInjectors.unregister(id);
    assertThrows(IllegalArgumentException.class, () -> FaultInjectors.of(id));
  }

  @Test
  void of_unknownId_errorNamesKeyAndValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FaultInjectors.of("faults-x"));
    assertTrue(e.getMessage().contains(FaultInjectors.KEY + " = faults-x"), e.getMessage());
  }
}
