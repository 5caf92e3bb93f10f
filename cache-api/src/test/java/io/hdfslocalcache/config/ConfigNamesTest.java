package io.hdfslocalcache.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class ConfigNamesTest {
  /** A registry of three, as the project's enums are: a lower-case name each. */
  private enum Kind {
    ONE,
    TWO_WORDS,
    THREE;

    String configName() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  @Test
  void parse_nameInAnyCaseWithSpaces_theConstant() {
    assertEquals(
        Kind.TWO_WORDS, ConfigNames.parse("k", " Two-Words\t", Kind.values(), Kind::configName));
    assertEquals(Kind.ONE, ConfigNames.parse("k", "one", Kind.values(), Kind::configName));
  }

  @Test
  void parse_unknownName_errorNamesTheSettingTheValueAndEveryName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigNames.parse("the.key", " Four ", Kind.values(), Kind::configName));
    assertEquals("the.key must be one, two-words or three, got ' Four '", e.getMessage());
  }

  @Test
  void parse_unknownNameWithOwnMessage_messageGetsTheNamesInOrder() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ConfigNames.parse(
                    "four", Kind.values(), Kind::configName, names -> "known: " + names));
    assertEquals("known: [one, two-words, three]", e.getMessage());
  }

  @Test
  void either_oneTwoOrMoreNames_readsAsASentence() {
    assertEquals("", ConfigNames.either(Collections.<String>emptyList()));
    assertEquals("a", ConfigNames.either(Collections.singletonList("a")));
    assertEquals("a or b", ConfigNames.either(Arrays.asList("a", "b")));
    assertEquals("a, b or c", ConfigNames.either(Arrays.asList("a", "b", "c")));
  }
}
