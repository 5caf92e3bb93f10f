package io.hdfslocalcache.distribution;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The classes a class file uses: the owners of the fields and methods it refers to, its superclass
 * and its interfaces (internal names, {@code a/b/C}). Unlike every class its constant pool names,
 * this leaves out a class whose only mention is an inlined constant (javac still names it): such a
 * class is never loaded, so it does not have to link.
 */
final class ClassReferences {
  private ClassReferences() {}

  static Set<String> used(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] className = new int[count];
    List<Integer> memberOwners = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1: // Utf8
          utf8[i] = in.readUTF();
          break;
        case 7: // Class
          className[i] = in.readUnsignedShort();
          break;
        case 9: // Fieldref
        case 10: // Methodref
        case 11: // InterfaceMethodref
          memberOwners.add(in.readUnsignedShort());
          in.readUnsignedShort();
          break;
        case 5: // Long
        case 6: // Double: takes two slots
          in.readLong();
          i++;
          break;
        case 3: // Integer
        case 4: // Float
        case 12: // NameAndType
        case 17: // Dynamic
        case 18: // InvokeDynamic
          in.readInt();
          break;
        case 8: // String
        case 16: // MethodType
        case 19: // Module
        case 20: // Package
          in.readUnsignedShort();
          break;
        case 15: // MethodHandle
          in.readUnsignedByte();
          in.readUnsignedShort();
          break;
        default:
          throw new IOException("unknown constant pool tag " + tag + " at " + i);
      }
    }
    Set<String> used = new TreeSet<>();
    for (int owner : memberOwners) {
      used.add(utf8[className[owner]]);
    }
    in.readUnsignedShort(); // access flags
    in.readUnsignedShort(); // this class
    int superClass = in.readUnsignedShort();
    if (superClass != 0) {
      used.add(utf8[className[superClass]]);
    }
    int interfaces = in.readUnsignedShort();
    for (int i = 0; i < interfaces; i++) {
      used.add(utf8[className[in.readUnsignedShort()]]);
    }
    return used;
  }
}
