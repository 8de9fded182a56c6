package io.linestore.impl.gzip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The zlib stream checks every address and length it hands to zlib, and cannot be freed while another
 * thread is inside zlib with it: a mistake in the caller is a Java exception, never native memory
 * written out of bounds or freed state used.
 */
class InflateTest {

    @Test
    void inflatesAGzipMemberToItsText() throws IOException {
        byte[] text = text(100_000, 1);
        try (Arena arena = Arena.ofConfined(); Inflate inflate = new Inflate(arena)) {
            MemorySegment input = arena.allocateFrom(ValueLayout.JAVA_BYTE, gzip(text));
            MemorySegment output = arena.allocate(text.length + 1);
            inflate.input(input, (int) input.byteSize());
            inflate.output(output, (int) output.byteSize());
            assertThat(inflate.inflate(0)).isEqualTo(Inflate.Z_STREAM_END);
            assertThat(output.asSlice(0, text.length).toArray(ValueLayout.JAVA_BYTE)).isEqualTo(text);
        }
    }

    @Test
    void lengthsBeyondTheirSegmentsAreRefused() {
        try (Arena arena = Arena.ofConfined(); Inflate inflate = new Inflate(arena)) {
            MemorySegment small = arena.allocate(16);
            assertThatThrownBy(() -> inflate.input(small, 17)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> inflate.output(small, 17)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> inflate.input(small, -1)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> inflate.window(arena.allocate(Inflate.WINDOW - 1)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Integer.toString(Inflate.WINDOW));
        }
    }

    @Test
    void memoryFreedUnderTheStreamIsRefusedBeforeZlibSeesIt() throws IOException {
        byte[] gz = gzip(text(1_000, 2));
        try (Arena arena = Arena.ofConfined(); Inflate inflate = new Inflate(arena)) {
            MemorySegment output = arena.allocate(4_096);
            try (Arena input = Arena.ofConfined()) {
                inflate.input(input.allocateFrom(ValueLayout.JAVA_BYTE, gz), gz.length);
            }
            inflate.output(output, 4_096);
            assertThatThrownBy(() -> inflate.inflate(0)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("input");
        }
    }

    @Test
    void aClosedStreamRefusesEveryCall() {
        try (Arena arena = Arena.ofConfined()) {
            Inflate inflate = new Inflate(arena);
            inflate.close();
            inflate.close();
            assertThatThrownBy(() -> inflate.inflate(0)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
            assertThatThrownBy(inflate::reset).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> inflate.window(arena.allocate(Inflate.WINDOW)))
                    .isInstanceOf(IllegalStateException.class);
        }
    }

    /**
     * One thread inflates a byte at a time while another closes the stream: the close waits for the
     * call in progress, and the next call fails in Java.
     */
    @Test
    void closingWhileAnotherThreadInflatesWaitsForItsCallAndStopsTheNext() throws Exception {
        byte[] gz = gzip(text(2_000_000, 3));
        try (Arena arena = Arena.ofShared()) {
            Inflate inflate = new Inflate(arena);
            MemorySegment input = arena.allocateFrom(ValueLayout.JAVA_BYTE, gz);
            MemorySegment output = arena.allocate(1);
            inflate.input(input, gz.length);
            CountDownLatch started = new CountDownLatch(1000);
            CompletableFuture<Throwable> inflating = CompletableFuture.supplyAsync(() -> {
                try {
                    while (true) {
                        inflate.output(output, 1);
                        int code = inflate.inflate(0);
                        if (code != Inflate.Z_OK) {
                            return new AssertionError("zlib code " + code + " before the stream was closed");
                        }
                        started.countDown();
                    }
                } catch (IllegalStateException expected) {
                    return expected;
                }
            }, Thread::startVirtualThread);
            assertThat(started.await(1, TimeUnit.MINUTES)).isTrue();
            inflate.close();
            assertThat(inflating.get(1, TimeUnit.MINUTES)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        }
    }

    private static byte[] text(int bytes, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] text = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            text[i] = random.nextInt(12) == 0 ? (byte) '\n' : (byte) ('a' + random.nextInt(6));
        }
        return text;
    }

    private static byte[] gzip(byte[] text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(text);
        }
        return out.toByteArray();
    }
}
