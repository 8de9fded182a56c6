package io.linestore.impl.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Positional reads and copies through the pooled direct buffers. Alone: it counts the buffers the
 * whole process holds, which another class's reads would change meanwhile.
 */
@Isolated
class ChannelChunksTest {

    @TempDir
    Path tmp;

    private Path file;
    private byte[] bytes;

    @BeforeEach
    void writeFile() throws IOException {
        bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        file = Files.write(tmp.resolve("data"), bytes);
    }

    @ParameterizedTest
    @CsvSource({"0, 1000, 64", "0, 1000, 1", "3, 997, 100", "10, 11, 8", "0, 1000, 5000", "500, 500, 64"})
    void handsOutTheRangeInFullChunksButTheLast(int from, int to, int bufferSize) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        List<Integer> sizes = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ChannelChunks.read(channel, file, from, to, bufferSize, chunk -> {
                assertThat(chunk.arrayOffset()).isZero();
                assertThat(chunk.position()).isZero();
                sizes.add(chunk.remaining());
                seen.write(chunk.array(), 0, chunk.limit());
                return true;
            });
        }
        assertThat(seen.toByteArray()).isEqualTo(Arrays.copyOfRange(bytes, from, to));
        for (int i = 0; i < sizes.size(); i++) {
            assertThat(sizes.get(i)).isBetween(1, i < sizes.size() - 1 ? bufferSize : Math.min(bufferSize, to - from));
        }
        assertThat(sizes).hasSize((to - from + bufferSize - 1) / bufferSize);
    }

    /** Direct buffers are lent per copy, not kept per thread: 10,000 virtual threads leave a few behind. */
    @Test
    void copiesFromTenThousandVirtualThreadsKeepAtMostTheIdleBuffers() throws Exception {
        List<Future<byte[]>> copies = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 10_000; i++) {
                int from = i % 500;
                copies.add(threads.submit(() -> {
                    byte[] into = new byte[500];
                    ChannelChunks.copy(channel, file, from, into, 0, into.length);
                    return into;
                }));
            }
            for (int i = 0; i < copies.size(); i++) {
                assertThat(copies.get(i).get()).isEqualTo(Arrays.copyOfRange(bytes, i % 500, i % 500 + 500));
            }
        }
        assertThat(ChannelChunks.directBuffers()).isBetween(1, ChannelChunks.IDLE_BUFFERS);
    }

    @Test
    void stopsWhenTheSinkSaysSo() throws IOException {
        List<Integer> sizes = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ChannelChunks.read(channel, file, 0, 1000, 100, chunk -> sizes.add(chunk.remaining()) && sizes.size() < 3);
        }
        assertThat(sizes).containsExactly(100, 100, 100);
    }

    @Test
    void aFileThatEndsEarlyIsAnErrorNamingIt() throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            assertThatThrownBy(() -> ChannelChunks.read(channel, file, 900, 1100, 64, chunk -> true))
                    .isInstanceOf(EOFException.class)
                    .hasMessage(file + " is 1000 bytes, it ends before byte 1100");
            assertThatThrownBy(() -> ChannelChunks.readFully(channel, ByteBuffer.allocate(10), 995, file))
                    .isInstanceOf(EOFException.class)
                    .hasMessage(file + " is 1000 bytes, it ends before byte 1005");
        }
    }

    /**
     * A transfer copies a range that fits the copy buffer and hands a longer one to the operating
     * system: both send exactly the range, and both name the file when it ends first.
     */
    @ParameterizedTest
    @CsvSource({"0, 1", "17, 65553", "1, 1048577", "0, 1048576", "5, 1048582", "3, 3145725"})
    void transfersExactlyTheRangeOnBothSidesOfTheCopyBuffer(int from, int to) throws IOException {
        byte[] large = new byte[3 << 20];
        new Random(from * 31L + to).nextBytes(large);
        Path big = Files.write(tmp.resolve("big"), large);
        ByteArrayOutputStream sent = new ByteArrayOutputStream();

        try (FileChannel channel = FileChannel.open(big, StandardOpenOption.READ)) {
            ChannelChunks.transfer(channel, big, from, to, Channels.newChannel(sent));
            assertThatThrownBy(() -> ChannelChunks.transfer(channel, big, from, large.length + to - from,
                    Channels.newChannel(new ByteArrayOutputStream())))
                    .isInstanceOf(EOFException.class)
                    .hasMessageStartingWith(big + " is " + large.length + " bytes, it ends before byte");
        }
        assertThat(sent.toByteArray()).isEqualTo(Arrays.copyOfRange(large, from, to));
    }
}
