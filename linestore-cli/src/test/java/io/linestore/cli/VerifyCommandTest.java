package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aWholeStoreIsOk() {
        Path store = TestStores.sharded(tmp);

        Cli.Result result = Cli.run("verify", store.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("ok", "500 lines");
        assertThat(result.err()).isEmpty();
    }

    @Test
    void aDamagedDataFileIsReportedWithItsName() throws IOException {
        Path store = TestStores.single(tmp);
        Path dataFile;
        try (java.util.stream.Stream<Path> files = Files.walk(store)) {
            dataFile = files.filter(file -> file.getFileName().toString().equals("data.lines")).findFirst().orElseThrow();
        }
        try (FileChannel data = FileChannel.open(dataFile, StandardOpenOption.WRITE)) {
            data.write(ByteBuffer.wrap(new byte[] {'#'}), 3);
        }

        Cli.Result result = Cli.run("verify", store.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).contains("data.lines").contains("problem");
    }

    @Test
    void aStoreThatCannotBeOpenedIsAFailureNamingTheFile() throws IOException {
        Path store = TestStores.single(tmp);
        Files.writeString(store.resolve("manifest.json"), "{ not json");

        Cli.Result result = Cli.run("verify", store.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("manifest.json").hasLineCount(1);
    }
}
