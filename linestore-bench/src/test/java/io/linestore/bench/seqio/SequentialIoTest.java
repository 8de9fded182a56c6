package io.linestore.bench.seqio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class SequentialIoTest {

    private static final int BUFFER = 4096;

    @TempDir
    Path dir;

    static Stream<Arguments> methodsSizesAndForce() {
        return Stream.of(SequentialIo.values()).flatMap(method -> Stream.of(0L, 1L, 4095L, 4096L, 10_000L)
                .flatMap(size -> Stream.of(false, true).map(force -> Arguments.of(method, size, force))));
    }

    @ParameterizedTest
    @MethodSource("methodsSizesAndForce")
    void writesTheChunkRepeatedAndEveryMethodReadsItBack(SequentialIo method, long size, boolean force)
            throws IOException {
        Path file = dir.resolve("file");
        byte[] chunk = SequentialIo.chunk(BUFFER);

        method.write(file, size, chunk, force);

        byte[] written = Files.readAllBytes(file);
        assertThat(written).hasSize((int) size);
        for (int i = 0; i < written.length; i++) {
            assertThat(written[i]).as("byte %d", i).isEqualTo(chunk[i % BUFFER]);
        }
        for (SequentialIo reader : SequentialIo.values()) {
            assertThat(reader.read(file, BUFFER)).as("read by %s", reader)
                    .isEqualTo(SequentialIo.expectedChecksum(chunk, size));
        }
    }

    @ParameterizedTest
    @EnumSource(SequentialIo.class)
    void rewritingAFileReplacesAllOfIt(SequentialIo method) throws IOException {
        Path file = dir.resolve("file");
        Files.write(file, new byte[3 * BUFFER]);

        method.write(file, BUFFER, SequentialIo.chunk(BUFFER), false);

        assertThat(Files.size(file)).isEqualTo(BUFFER);
    }

    @ParameterizedTest
    @EnumSource(SequentialIo.class)
    void aMissingFileFailsWithItsName(SequentialIo method) {
        Path missing = dir.resolve("missing");

        assertThatThrownBy(() -> method.read(missing, BUFFER))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining(missing.toString());
    }

    @ParameterizedTest
    @EnumSource(SequentialIo.class)
    void theChecksumDependsOnTheBytes(SequentialIo method) throws IOException {
        Path file = dir.resolve("file");
        byte[] chunk = SequentialIo.chunk(BUFFER);
        method.write(file, 2 * BUFFER, chunk, false);
        byte[] bytes = Files.readAllBytes(file);
        bytes[BUFFER]++;
        Files.write(file, bytes);

        assertThat(method.read(file, BUFFER)).isNotEqualTo(SequentialIo.expectedChecksum(chunk, 2 * BUFFER));
    }
}
