package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.FillMode;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.datatransfer.sasl.DataTransferSaslUtil;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.SaslRpcServer.QualityOfProtection;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SASL data-transfer protection ({@code dfs.data.transfer.protection}) on a Kerberos cluster, set
 * up as Hadoop's SaslDataTransferTestCase does: a MiniKdc, the NameNode and DataNodes logged in
 * from a keytab, block access tokens, HTTPS only, and non-privileged DataNode ports (SASL, not root
 * ports, authenticates the DataNode). The DataNodes accept all three protections; each client asks
 * for one, and every handshake of its reads must have settled on that one.
 */
class SaslDataTransferIT {
  private static final Pattern NEGOTIATED =
      Pattern.compile("Verifying QOP: .*, negotiated = ([a-z-]+)");

  @TempDir static Path base;
  static MiniKdc kdc;
  static String sslConfDir;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    File kdcDir = base.resolve("kdc").toFile();
    kdc = new MiniKdc(MiniKdc.createConf(), kdcDir);
    kdc.start();
    File keytab = new File(kdcDir, "hdfs.keytab");
    kdc.createPrincipal(keytab, "hdfs/localhost", "HTTP/localhost");
    String hdfs = "hdfs/localhost@" + kdc.getRealm();

    Configuration conf = SecuredReads.withBlockTokens(base);
    SecurityUtil.setAuthenticationMethod(AuthenticationMethod.KERBEROS, conf);
    conf.set(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, hdfs);
    conf.set(DFSConfigKeys.DFS_NAMENODE_KEYTAB_FILE_KEY, keytab.getAbsolutePath());
    conf.set(DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY, hdfs);
    conf.set(DFSConfigKeys.DFS_DATANODE_KEYTAB_FILE_KEY, keytab.getAbsolutePath());
    conf.set(
        DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_PRINCIPAL_KEY,
        "HTTP/localhost@" + kdc.getRealm());
    conf.set(
        DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY,
        Arrays.stream(QualityOfProtection.values())
            .map(SaslDataTransferIT::configName)
            .collect(Collectors.joining(",")));
    conf.set(DFSConfigKeys.DFS_HTTP_POLICY_KEY, HttpConfig.Policy.HTTPS_ONLY.name());
    conf.set(DFSConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY, "localhost:0");
    conf.set(DFSConfigKeys.DFS_DATANODE_HTTPS_ADDRESS_KEY, "localhost:0");
    conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SASL_KEY, 10);
    sslConfDir = KeyStoreTestUtil.getClasspathDir(SaslDataTransferIT.class);
    KeyStoreTestUtil.setupSSLConfig(kdcDir.getAbsolutePath(), sslConfDir, conf, false);
    conf.set(
        DFSConfigKeys.DFS_CLIENT_HTTPS_KEYSTORE_RESOURCE_KEY,
        KeyStoreTestUtil.getClientSSLConfigFileName());
    conf.set(
        DFSConfigKeys.DFS_SERVER_HTTPS_KEYSTORE_RESOURCE_KEY,
        KeyStoreTestUtil.getServerSSLConfigFileName());
    c = SecuredReads.startOneDataNodePerFillMode(conf);
  }

  /** Leaves the JVM as the other ITs expect it: simple authentication, no SSL files. */
  @AfterAll
  static void stop() throws Exception {
    if (c != null) {
      c.close();
    }
    if (kdc != null) {
      kdc.stop();
    }
    if (sslConfDir != null) {
      KeyStoreTestUtil.cleanupSSLConfig(base.resolve("kdc").toString(), sslConfDir);
    }
    UserGroupInformation.reset();
  }

  /** {@code authentication}, {@code integrity} or {@code privacy}, as the key takes them. */
  private static String configName(QualityOfProtection qop) {
    return qop.name().toLowerCase(Locale.ROOT);
  }

  static Stream<Arguments> protectionsAndFillModes() {
    return Arrays.stream(QualityOfProtection.values())
        .flatMap(p -> Arrays.stream(FillMode.values()).map(m -> Arguments.of(p, m)));
  }

  @ParameterizedTest
  @MethodSource("protectionsAndFillModes")
  void read_saslProtection_fillsThenHitsFromSsd(QualityOfProtection protection, FillMode mode)
      throws Exception {
    Configuration clientConf = new Configuration(c.conf);
    clientConf.set(DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY, configName(protection));
    String handshakes =
        SecuredReads.debugLogOf(
            DataTransferSaslUtil.class,
            () -> {
              try (FileSystem client = FileSystem.newInstance(c.cluster.getURI(), clientConf)) {
                SecuredReads.fillThenHit(c, base, client, mode, "sasl-" + configName(protection));
              }
            });
    // Client and DataNode each log the protection their handshake settled on.
    Set<String> negotiated = new TreeSet<>();
    Matcher m = NEGOTIATED.matcher(handshakes);
    while (m.find()) {
      negotiated.add(m.group(1));
    }
    assertEquals(Collections.singleton(protection.getSaslQop()), negotiated, handshakes);
  }
}
