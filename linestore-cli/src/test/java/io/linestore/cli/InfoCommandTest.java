package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InfoCommandTest {

    @TempDir
    Path tmp;

    @Test
    void describesAStoreAsText() {
        Path store = TestStores.sharded(tmp);

        Cli.Result result = Cli.run("info", store.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .contains("layout         sharded")
                .contains("lines          500")
                .contains("shards         8 (64 lines each)")
                .contains("index          sparse:4 (an 8-byte entry every 4 lines");
    }

    @Test
    void printsOneJsonObjectWithTheDocumentedKeys() throws IOException {
        Path store = TestStores.sharded(tmp);

        Cli.Result result = Cli.run("info", store.toString(), "--json");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).hasLineCount(1);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertThat(json.get("lineCount").asLong()).isEqualTo(500);
        assertThat(json.get("layout").asText()).isEqualTo("sharded");
        assertThat(json.get("shardCount").asInt()).isEqualTo(8);
        assertThat(json.get("linesPerShard").asLong()).isEqualTo(64);
        assertThat(json.get("indexStride").asInt()).isEqualTo(4);
        assertThat(json.get("index").asText()).isEqualTo("sparse:4");
        assertThat(json.get("dataBytes").asLong()).isEqualTo(TestStores.joined(TestStores.lines()).length);
        assertThat(json.get("indexBytes").asLong()).isPositive();
        assertThat(json.get("formatVersion").asInt()).isEqualTo(2);
    }

    @Test
    void aSingleFileStoreHasNoLinesPerShard() throws IOException {
        Path store = TestStores.single(tmp);

        JsonNode json = new ObjectMapper().readTree(Cli.run("info", store.toString(), "--json").out());

        assertThat(json.get("layout").asText()).isEqualTo("single");
        assertThat(json.get("linesPerShard").isNull()).isTrue();
        assertThat(json.get("shardCount").asInt()).isEqualTo(1);
    }

    @Test
    void aMissingStoreIsAFailureNamingThePath() {
        Path missing = tmp.resolve("nowhere");

        Cli.Result result = Cli.run("info", missing.toString(), "--json");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).contains(missing.toString()).hasLineCount(1);
    }
}
