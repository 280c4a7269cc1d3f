	.file	"<stdin>"
	.text
	.p2align 4
	.globl	_Z12matmul_tiledlllPKfS0_Pf
	.type	_Z12matmul_tiledlllPKfS0_Pf, @function
_Z12matmul_tiledlllPKfS0_Pf:
.LFB673:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	movq	%r9, %r11
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	pushq	%r15
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%rbx
	.cfi_offset 15, -24
	.cfi_offset 14, -32
	.cfi_offset 13, -40
	.cfi_offset 12, -48
	.cfi_offset 3, -56
	movq	%rdx, %r14
	movq	%rdi, %rbx
	andq	$-64, %rsp
	movq	%rcx, %r12
	movq	%r8, %r13
	subq	$192, %rsp
	movq	%rsi, 184(%rsp)
	imulq	%rdi, %rsi
	movq	%rsi, %rdx
	salq	$2, %rdx
	je	.L2
	xorl	%esi, %esi
	movq	%r9, %rdi
	call	memset@PLT
	movq	%rax, %r11
.L2:
	testq	%rbx, %rbx
	jle	.L40
	testq	%r14, %r14
	jle	.L40
	movq	184(%rsp), %rax
	testq	%rax, %rax
	jle	.L40
	movq	%rax, %rdi
	movq	%rax, %r8
	salq	$2, %rax
	movq	%r14, %rsi
	vmovq	%rax, %xmm1
	leaq	4(%r13), %rax
	salq	$5, %r8
	leaq	0(,%r14,4), %rcx
	vmovq	%rax, %xmm3
	xorl	%r9d, %r9d
	salq	$4, %rdi
	salq	$4, %rsi
	vpxor	%xmm5, %xmm5, %xmm5
	xorl	%edx, %edx
	vmovq	%r8, %xmm29
	movq	%rcx, 96(%rsp)
	vmovq	%xmm1, 88(%rsp)
	vmovq	%r9, %xmm27
	vmovq	%rbx, %xmm28
	movq	%r14, %rax
	movq	%r12, 80(%rsp)
	movq	%r13, 72(%rsp)
	movq	%r11, 64(%rsp)
	vmovq	%xmm3, 56(%rsp)
.L19:
	vmovq	%rdx, %xmm17
	vmovq	%xmm28, %rbx
	addq	$16, %rdx
	cmpq	%rbx, %rdx
	vmovq	%xmm17, %rcx
	cmovle	%rdx, %rbx
	movq	%rbx, 136(%rsp)
	cmpq	%rcx, %rbx
	jle	.L4
	vmovq	96(%rsp), %xmm3
	vpxor	%xmm9, %xmm9, %xmm9
	xorl	%r15d, %r15d
	vmovdqa64	%xmm17, %xmm30
	vmovq	88(%rsp), %xmm4
	vmovq	80(%rsp), %xmm2
	vmovq	%rdi, %xmm31
	vmovdqa64	%xmm27, %xmm1
	movq	%rsi, 104(%rsp)
.L18:
	movq	%r15, %r11
	addq	$32, %r15
	movq	%rax, %rcx
	cmpq	%rax, %r15
	cmovle	%r15, %rcx
	cmpq	%r11, %rcx
	jle	.L5
	vmovq	%xmm1, %rsi
	vmovdqa	%xmm5, %xmm11
	movq	%rdx, 48(%rsp)
	movq	%r15, 40(%rsp)
	leaq	(%rcx,%rsi), %r11
	vmovq	%xmm2, %rsi
	movq	%rax, 32(%rsp)
	leaq	(%rsi,%r11,4), %rsi
	movq	%r15, %r11
	subq	%rcx, %r11
	vmovq	%rsi, %xmm19
	xorl	%ecx, %ecx
	leaq	-128(,%r11,4), %rsi
	vmovq	%rsi, %xmm18
.L17:
	movq	184(%rsp), %rax
	movq	%rcx, %rdi
	movq	%rcx, 112(%rsp)
	vmovq	%rcx, %xmm17
	addq	$64, %rcx
	cmpq	%rax, %rcx
	cmovle	%rcx, %rax
	movq	%rax, %r12
	cmpq	%rdi, %rax
	jle	.L6
	movq	64(%rsp), %r9
	vmovq	%xmm5, %rsi
	movq	%r12, %rdx
	vmovq	56(%rsp), %xmm10
	subq	%rdi, %rdx
	addq	%r12, %rsi
	vmovq	%xmm11, %rax
	vmovq	%xmm11, 176(%rsp)
	movq	%rdx, 120(%rsp)
	leaq	-1(%rdx), %r15
	vmovdqa64	%xmm17, %xmm8
	vmovdqa64	%xmm30, %xmm20
	vmovdqa64	%xmm19, %xmm26
	movq	%rcx, 24(%rsp)
	leaq	(%r9,%rsi,4), %rbx
	movq	%rdx, %rsi
	leaq	(%r9,%rax,4), %rax
	shrq	$4, %rsi
	movq	%rsi, %r10
	movq	%rdx, %rsi
	andq	$-16, %rsi
	salq	$6, %r10
	leaq	(%rsi,%rdi), %r14
	movq	%rsi, 144(%rsp)
	movq	%r10, %r8
	movq	%r14, 168(%rsp)
	vmovq	%xmm9, %r14
	leaq	(%rdi,%r14), %r11
	movq	%rdx, %rdi
	subq	%rsi, %rdx
	movq	%r11, 128(%rsp)
	movq	%rbx, %r11
	movq	72(%rsp), %rbx
	andl	$15, %edi
	leaq	-1(%rdx), %rsi
	vmovq	%rdi, %xmm7
	movq	%rdx, 160(%rsp)
	movq	%rsi, 152(%rsp)
	.p2align 4
	.p2align 3
.L16:
	movq	176(%rsp), %rdi
	vmovq	%xmm8, %rsi
	vmovq	%xmm18, %rdx
	movq	%r12, %r14
	vmovq	%r8, %xmm16
	subq	%rsi, %rdi
	vmovq	%xmm26, %rsi
	leaq	(%rsi,%rdx), %rcx
	movq	128(%rsp), %rdx
	movq	%rdi, %r10
	.p2align 4
	.p2align 3
.L15:
	vmovss	(%rcx), %xmm6
	leaq	0(,%rdx,4), %r13
	cmpq	$6, %r15
	jbe	.L7
	vmovq	%xmm10, %rdi
	leaq	0(,%rdx,4), %r13
	leaq	(%rdi,%r13), %r12
	movq	%rax, %rdi
	subq	%r12, %rdi
	cmpq	$56, %rdi
	ja	.L43
.L7:
	addq	%rbx, %r13
	movq	%rax, %r12
	vmovq	%xmm16, %r8
	.p2align 4
	.p2align 3
.L13:
	vmovss	0(%r13), %xmm0
	addq	$4, %r12
	addq	$4, %r13
	vfmadd213ss	-4(%r12), %xmm6, %xmm0
	vmovss	%xmm0, -4(%r12)
	cmpq	%r11, %r12
	jne	.L13
	vmovq	%r8, %xmm16
.L14:
	movq	184(%rsp), %rdi
	addq	$4, %rcx
	addq	%rdi, %rdx
	cmpq	%rsi, %rcx
	jne	.L15
	vmovq	%xmm26, %rcx
	vmovq	%xmm3, %rdx
	vmovq	%xmm20, %rsi
	addq	%rdi, 176(%rsp)
	addq	%rdx, %rcx
	incq	%rsi
	movq	%r14, %r12
	vmovq	%xmm16, %r8
	vmovq	%rcx, %xmm26
	vmovq	%xmm4, %rcx
	vmovq	%rsi, %xmm20
	addq	%rcx, %rax
	addq	%rcx, %r11
	cmpq	%rsi, 136(%rsp)
	jne	.L16
	movq	24(%rsp), %rcx
.L6:
	vmovq	%xmm11, %rax
	addq	$64, %rax
	vmovq	%rax, %xmm11
	movq	184(%rsp), %rax
	cmpq	%rax, %rcx
	jl	.L17
	movq	48(%rsp), %rdx
	movq	40(%rsp), %r15
	movq	32(%rsp), %rax
.L5:
	vmovq	%xmm9, %rsi
	vmovq	%xmm29, %rbx
	addq	%rbx, %rsi
	vmovq	%rsi, %xmm9
	cmpq	%rax, %r15
	jl	.L18
	movq	104(%rsp), %rsi
	vmovq	%xmm31, %rdi
.L4:
	vmovq	%xmm5, %rbx
	addq	%rdi, %rbx
	vmovq	%rbx, %xmm5
	vmovq	%xmm27, %rbx
	addq	%rsi, %rbx
	vmovq	%rbx, %xmm27
	vmovq	%xmm28, %rbx
	cmpq	%rbx, %rdx
	jl	.L19
	vzeroupper
.L40:
	leaq	-40(%rbp), %rsp
	popq	%rbx
	popq	%r12
	popq	%r13
	popq	%r14
	popq	%r15
	popq	%rbp
	.cfi_remember_state
	.cfi_def_cfa 7, 8
	ret
	.p2align 4
	.p2align 3
.L43:
	.cfi_restore_state
	cmpq	$14, %r15
	jbe	.L20
	addq	%rbx, %r13
	vbroadcastss	%xmm6, %zmm15
	xorl	%r12d, %r12d
	vmovq	%xmm16, %r8
	.p2align 4
	.p2align 3
.L9:
	vmovups	0(%r13,%r12), %zmm0
	vfmadd213ps	(%rax,%r12), %zmm15, %zmm0
	vmovups	%zmm0, (%rax,%r12)
	addq	$64, %r12
	cmpq	%r8, %r12
	jne	.L9
	vmovq	%xmm7, %rdi
	vmovq	%r8, %xmm16
	testq	%rdi, %rdi
	je	.L14
	cmpq	$6, 152(%rsp)
	movq	160(%rsp), %r13
	jbe	.L21
	movq	144(%rsp), %r12
	movq	168(%rsp), %r8
.L8:
	movq	176(%rsp), %rdi
	vbroadcastss	%xmm6, %ymm0
	addq	%r12, %rdi
	addq	%rdx, %r12
	leaq	(%r9,%rdi,4), %rdi
	vmovups	(%rdi), %ymm12
	vfmadd132ps	(%rbx,%r12,4), %ymm12, %ymm0
	movq	%r13, %r12
	andq	$-8, %r12
	addq	%r8, %r12
	andl	$7, %r13d
	vmovups	%ymm0, (%rdi)
	je	.L14
.L11:
	vmovq	%xmm8, %r13
	movq	%rdx, %rdi
	subq	%r13, %rdi
	leaq	(%r12,%r10), %r13
	leaq	(%r12,%rdi), %r8
	leaq	(%r9,%r13,4), %r13
	vmovss	(%rbx,%r8,4), %xmm0
	vfmadd213ss	0(%r13), %xmm6, %xmm0
	vmovss	%xmm0, 0(%r13)
	leaq	1(%r12), %r13
	cmpq	%r13, %r14
	jle	.L14
	leaq	0(%r13,%r10), %r8
	addq	%rdi, %r13
	vmovss	(%rbx,%r13,4), %xmm15
	leaq	(%r9,%r8,4), %r8
	leaq	2(%r12), %r13
	vfmadd213ss	(%r8), %xmm6, %xmm15
	vmovss	%xmm15, (%r8)
	cmpq	%r13, %r14
	jle	.L14
	leaq	0(%r13,%r10), %r8
	addq	%rdi, %r13
	vmovss	(%rbx,%r13,4), %xmm15
	leaq	(%r9,%r8,4), %r8
	leaq	3(%r12), %r13
	vfmadd213ss	(%r8), %xmm6, %xmm15
	vmovss	%xmm15, (%r8)
	cmpq	%r13, %r14
	jle	.L14
	leaq	0(%r13,%r10), %r8
	addq	%rdi, %r13
	vmovss	(%rbx,%r13,4), %xmm15
	leaq	(%r9,%r8,4), %r8
	leaq	4(%r12), %r13
	vfmadd213ss	(%r8), %xmm6, %xmm15
	vmovss	%xmm15, (%r8)
	cmpq	%r13, %r14
	jle	.L14
	leaq	0(%r13,%r10), %r8
	addq	%rdi, %r13
	vmovss	(%rbx,%r13,4), %xmm15
	leaq	(%r9,%r8,4), %r8
	leaq	5(%r12), %r13
	vfmadd213ss	(%r8), %xmm6, %xmm15
	vmovss	%xmm15, (%r8)
	cmpq	%r13, %r14
	jle	.L14
	leaq	0(%r13,%r10), %r8
	addq	%rdi, %r13
	addq	$6, %r12
	vmovss	(%rbx,%r13,4), %xmm15
	leaq	(%r9,%r8,4), %r8
	vfmadd213ss	(%r8), %xmm6, %xmm15
	vmovss	%xmm15, (%r8)
	cmpq	%r12, %r14
	jle	.L14
	leaq	(%r12,%r10), %r13
	addq	%r12, %rdi
	leaq	(%r9,%r13,4), %r13
	vmovss	0(%r13), %xmm0
	vfmadd132ss	(%rbx,%rdi,4), %xmm0, %xmm6
	vmovss	%xmm6, 0(%r13)
	jmp	.L14
.L20:
	movq	120(%rsp), %r13
	movq	112(%rsp), %r8
	xorl	%r12d, %r12d
	jmp	.L8
.L21:
	movq	168(%rsp), %r12
	jmp	.L11
	.cfi_endproc
.LFE673:
	.size	_Z12matmul_tiledlllPKfS0_Pf, .-_Z12matmul_tiledlllPKfS0_Pf
	.p2align 4
	.globl	abtool_entry
	.type	abtool_entry, @function
abtool_entry:
.LFB674:
	.cfi_startproc
	movq	16(%rdi), %rax
	movq	24(%rdi), %rcx
	movq	40(%rdi), %r9
	movq	32(%rdi), %r8
	movq	(%rax), %rdx
	movq	8(%rdi), %rax
	movq	(%rax), %rsi
	movq	(%rdi), %rax
	movq	(%rax), %rax
	movq	%rax, %rdi
	jmp	_Z12matmul_tiledlllPKfS0_Pf@PLT
	.cfi_endproc
.LFE674:
	.size	abtool_entry, .-abtool_entry
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
