/**
 * linestore over S3-compatible object storage (AWS S3, MinIO, SeaweedFS): provides
 * {@link io.linestore.spi.UriStoreProvider} for {@code s3://} URIs and exports nothing. Put it on
 * the class path or module path next to {@code io.linestore.impl} and call
 * {@code LineStores.open(URI.create("s3://bucket/prefix"))}.
 */
// The name says what the module serves, s3:// URIs: javac's advice against a last name component
// ending in a digit ("s3") is about version numbers, which this is not.
@SuppressWarnings("module")
module io.linestore.s3 {
    requires io.linestore;
    requires io.linestore.impl;
    requires com.google.common;
    requires com.github.benmanes.caffeine;
    requires software.amazon.awssdk.services.s3;
    requires software.amazon.awssdk.core;
    requires software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.regions;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.http.urlconnection;
    requires software.amazon.awssdk.metrics;
    requires software.amazon.awssdk.retries;
    requires software.amazon.awssdk.retries.api;

    provides io.linestore.spi.UriStoreProvider with io.linestore.s3.S3StoreProvider;
}
