struct S {
    var [[[[[[[[[[[[[[[[[[[[body: Int
}
