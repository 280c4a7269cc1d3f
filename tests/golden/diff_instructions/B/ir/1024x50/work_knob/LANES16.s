	.file	"<stdin>"
	.text
	.p2align 4
	.globl	_Z9work_knobliffPKfPf
	.type	_Z9work_knobliffPKfPf, @function
_Z9work_knobliffPKfPf:
.LFB967:
	.cfi_startproc
	movq	%rdx, %r11
	movslq	%esi, %rdx
	movq	%rcx, %r8
	movl	%esi, %ecx
	imulq	$1374389535, %rdx, %rdx
	sarl	$31, %ecx
	sarq	$37, %rdx
	subl	%ecx, %edx
	testq	%rdi, %rdi
	jle	.L38
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	-1(%rdi), %rcx
	movl	%esi, %eax
	vmovaps	%xmm0, %xmm6
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	pushq	%r15
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%rbx
	andq	$-16, %rcx
	.cfi_offset 15, -24
	.cfi_offset 14, -32
	.cfi_offset 13, -40
	.cfi_offset 12, -48
	.cfi_offset 3, -56
	leaq	-16(%rdi), %r12
	vbroadcastss	.LC1(%rip), %ymm5
	subq	%rcx, %r12
	leal	-3(%rsi), %ebx
	leal	-3(%rdx), %ecx
	andq	$-32, %rsp
	andl	$-2, %ebx
	andl	$-2, %ecx
	movq	%rdi, %r14
	leaq	-64(%rsp), %r10
	movl	$4, %r13d
	addl	$2, %ebx
	leal	2(%rcx), %r15d
.L19:
	movl	$16, %ecx
	movq	%r10, %rdi
	movq	%r11, %rsi
	cmpq	%rcx, %r14
	cmovle	%r14, %rcx
	testl	%ecx, %ecx
	leaq	0(,%rcx,4), %r9
	cmovle	%r13, %r9
	movl	%r9d, %ecx
	shrl	$2, %ecx
	rep movsl
	testl	%eax, %eax
	jle	.L12
	vbroadcastss	.LC1(%rip), %ymm4
	vbroadcastss	.LC3(%rip), %ymm3
	cmpl	$2, %eax
	jle	.L7
	vmovaps	-64(%rsp), %ymm0
	vmovaps	-32(%rsp), %ymm2
	xorl	%ecx, %ecx
	vmovaps	%ymm5, %ymm4
	vbroadcastss	.LC3(%rip), %ymm3
.L10:
	vfmadd132ps	%ymm5, %ymm3, %ymm0
	addl	$2, %ecx
	vfmadd132ps	%ymm5, %ymm3, %ymm2
	vfmadd132ps	%ymm5, %ymm3, %ymm0
	vfmadd132ps	%ymm5, %ymm3, %ymm2
	cmpl	%ebx, %ecx
	jne	.L10
	vmovaps	%ymm0, -64(%rsp)
	vmovaps	%ymm2, -32(%rsp)
.L7:
	vmovaps	-64(%rsp), %ymm0
	vmovaps	-32(%rsp), %ymm2
	.p2align 4
	.p2align 3
.L8:
	incl	%ecx
	vfmadd132ps	%ymm4, %ymm3, %ymm0
	vfmadd132ps	%ymm4, %ymm3, %ymm2
	cmpl	%eax, %ecx
	jl	.L8
	vmovaps	%ymm0, -64(%rsp)
	vmovaps	%ymm2, -32(%rsp)
	cmpl	$99, %eax
	jle	.L12
	xorl	%ecx, %ecx
	vbroadcastss	%xmm6, %ymm3
	vbroadcastss	%xmm1, %ymm4
	cmpl	$299, %eax
	jle	.L41
.L17:
	vfmadd132ps	%ymm3, %ymm4, %ymm0
	vfmadd132ps	%ymm3, %ymm4, %ymm2
	addl	$2, %ecx
	vfmadd132ps	%ymm3, %ymm4, %ymm0
	vfmadd132ps	%ymm3, %ymm4, %ymm2
	cmpl	%r15d, %ecx
	jne	.L17
	vmovaps	%ymm0, -64(%rsp)
	vmovaps	%ymm2, -32(%rsp)
.L41:
	vmovaps	%ymm0, %ymm2
	vmovaps	-32(%rsp), %ymm0
	.p2align 4
	.p2align 3
.L15:
	incl	%ecx
	vfmadd132ps	%ymm3, %ymm4, %ymm2
	vfmadd132ps	%ymm3, %ymm4, %ymm0
	cmpl	%ecx, %edx
	jg	.L15
	vmovaps	%ymm2, -64(%rsp)
	vmovaps	%ymm0, -32(%rsp)
.L12:
	leaq	4(%r8), %rdi
	subq	$16, %r14
	addq	$64, %r11
	movl	(%r10), %ecx
	andq	$-4, %rdi
	movl	%ecx, (%r8)
	movl	%r9d, %ecx
	movl	-4(%r10,%rcx), %esi
	movl	%esi, -4(%r8,%rcx)
	movq	%r8, %rcx
	movq	%r10, %rsi
	addq	$64, %r8
	subq	%rdi, %rcx
	subq	%rcx, %rsi
	addl	%r9d, %ecx
	shrl	$2, %ecx
	rep movsl
	cmpq	%r14, %r12
	jne	.L19
	vzeroupper
	leaq	-40(%rbp), %rsp
	popq	%rbx
	popq	%r12
	popq	%r13
	popq	%r14
	popq	%r15
	popq	%rbp
	.cfi_def_cfa 7, 8
	ret
.L38:
	.cfi_restore 3
	.cfi_restore 6
	.cfi_restore 12
	.cfi_restore 13
	.cfi_restore 14
	.cfi_restore 15
	ret
	.cfi_endproc
.LFE967:
	.size	_Z9work_knobliffPKfPf, .-_Z9work_knobliffPKfPf
	.p2align 4
	.globl	abtool_entry
	.type	abtool_entry, @function
abtool_entry:
.LFB968:
	.cfi_startproc
	movq	16(%rdi), %rsi
	movq	24(%rdi), %rax
	movq	40(%rdi), %rcx
	movq	32(%rdi), %rdx
	vmovss	(%rsi), %xmm0
	vmovss	(%rax), %xmm1
	movq	8(%rdi), %rsi
	movq	(%rdi), %rdi
	movl	(%rsi), %esi
	movq	(%rdi), %rdi
	jmp	_Z9work_knobliffPKfPf@PLT
	.cfi_endproc
.LFE968:
	.size	abtool_entry, .-abtool_entry
	.section	.rodata.cst4,"aM",@progbits,4
	.align 4
.LC1:
	.long	1065336439
	.align 4
.LC3:
	.long	981668463
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
