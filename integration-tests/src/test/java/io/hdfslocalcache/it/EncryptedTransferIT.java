package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.hdfslocalcache.config.FillMode;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.datatransfer.sasl.SaslDataTransferServer;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Encrypted data transfer ({@code dfs.encrypt.data.transfer}, which needs block access tokens): the
 * DataNode encrypts what it sends, from the HDD or the cache alike. The DataNodes offer AES; a
 * client that asks for it gets AES streams, one that does not SASL's own (the JCE default, usually
 * 3DES), as in Hadoop's TestEncryptedTransfer.
 */
class EncryptedTransferIT {
  private static final String AES = "AES/CTR/NoPadding";

  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = SecuredReads.withBlockTokens(base);
    conf.setBoolean(DFSConfigKeys.DFS_ENCRYPT_DATA_TRANSFER_KEY, true);
    conf.set(DFSConfigKeys.DFS_ENCRYPT_DATA_TRANSFER_CIPHER_SUITES_KEY, AES);
    c = SecuredReads.startOneDataNodePerFillMode(conf);
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @ParameterizedTest
  @EnumSource(FillMode.class)
  void read_aesEncryption_fillsThenHitsFromSsd(FillMode mode) throws Exception {
    readEncrypted(new Configuration(c.conf), mode, "aes");
  }

  @ParameterizedTest
  @EnumSource(FillMode.class)
  void read_saslCipherEncryption_fillsThenHitsFromSsd(FillMode mode) throws Exception {
    Configuration client = new Configuration(c.conf);
    client.unset(DFSConfigKeys.DFS_ENCRYPT_DATA_TRANSFER_CIPHER_SUITES_KEY);
    readEncrypted(client, mode, "sasl-cipher");
  }

  private static void readEncrypted(Configuration clientConf, FillMode mode, String name)
      throws Exception {
    boolean aes = clientConf.get(DFSConfigKeys.DFS_ENCRYPT_DATA_TRANSFER_CIPHER_SUITES_KEY) != null;
    String handshakes =
        SecuredReads.debugLogOf(
            SaslDataTransferServer.class,
            () -> {
              try (FileSystem client = FileSystem.newInstance(c.cluster.getURI(), clientConf)) {
                SecuredReads.fillThenHit(c, base, client, mode, name);
                assertNotNull(
                    ((DistributedFileSystem) client).getClient().getEncryptionKey(),
                    "the client encrypts: it holds a data encryption key");
              }
            });
    String chose = "Server using cipher suite " + AES;
    if (aes) {
      GenericTestUtils.assertMatches(handshakes, chose);
    } else {
      GenericTestUtils.assertDoesNotMatch(handshakes, chose);
    }
  }
}
