package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import java.nio.file.Path;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Block access tokens ({@code dfs.block.access.token.enable}): every read presents a token the
 * DataNode checks before it opens the block; the cache fills and serves hits behind that check.
 */
class BlockTokenIT {
  @TempDir static Path base;
  static CacheCluster c;

  @BeforeAll
  static void start() throws Exception {
    c = SecuredReads.startOneDataNodePerFillMode(SecuredReads.withBlockTokens(base));
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @ParameterizedTest
  @EnumSource(FillMode.class)
  void read_blockTokens_fillsThenHitsFromSsd(FillMode mode) throws Exception {
    SecuredReads.fillThenHit(c, base, c.fs, mode, "token");
    for (LocatedBlock lb :
        c.fs
            .getClient()
            .getLocatedBlocks("/token-" + mode.configName() + ".bin", 0)
            .getLocatedBlocks()) {
      assertTrue(lb.getBlockToken().getIdentifier().length > 0, "the NameNode issued a token");
    }
  }
}
