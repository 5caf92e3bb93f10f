package io.hdfslocalcache.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The one lookup of every registry enum (a kind per constant, each with the name configuration or a
 * command line gives it): the constant a typed name stands for, surrounding white space and case
 * ignored, or an error whose words are the enum's own (each names its own setting). The error is
 * given the names in declaration order, so a new constant is listed without editing a message.
 */
public final class ConfigNames {
  private ConfigNames() {}

  /**
   * The constant named {@code value}, or an error {@code "SETTING must be a, b or c, got 'VALUE'"}.
   */
  public static <E> E parse(
      String setting, String value, E[] constants, Function<? super E, String> nameOf) {
    return parse(
        value,
        constants,
        nameOf,
        names -> setting + " must be " + either(names) + ", got '" + value + "'");
  }

  /** The constant named {@code value}, or an error of {@code message}'s of the names. */
  public static <E> E parse(
      String value,
      E[] constants,
      Function<? super E, String> nameOf,
      Function<List<String>, String> message) {
    String wanted = value.trim().toLowerCase(Locale.ROOT);
    List<String> names = new ArrayList<>(constants.length);
    for (E c : constants) {
      String name = nameOf.apply(c);
      if (name.equals(wanted)) {
        return c;
      }
      names.add(name);
    }
    throw new IllegalArgumentException(message.apply(names));
  }

  /** The names as a sentence offers them: {@code "a or b"}, {@code "a, b or c"}. */
  public static String either(List<String> names) {
    int last = names.size() - 1;
    return last <= 0
        ? String.join("", names)
        : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
  }
}
